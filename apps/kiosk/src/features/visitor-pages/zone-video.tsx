/**
 * A looping, muted video from a content zone (the group video, the plant film): it plays by
 * itself like a moving poster, with no native controls, download, fullscreen or
 * picture-in-picture, as on the staff pages (docs/product.md#screens). One large pause/play button is the only
 * control: moving content that runs on for more than five seconds must be stoppable (WCAG 2.2.2),
 * and people who prefer reduced motion get the video paused from the start.
 *
 * On an English page it plays the zone's English version, or its French one marked "FR" while
 * there is none (English content, decision 021).
 *
 * The media URL is the one the sync engine cached, so it also plays offline through the service
 * worker.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../lib/media/media-url';
import { useZone } from '../content';
import { FrenchMark } from './french-mark';
import { useVisitorLanguage } from './use-visitor-page';

export interface ZoneVideoProps {
  zonename: string;
  /** Which of the zone's videos: the first, or the last (the plant film follows the 60-year video). */
  pick?: 'first' | 'last';
  /** Accessible name of the video. */
  title: string;
  caption: string;
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function ZoneVideo({ zonename, pick = 'first', title, caption }: ZoneVideoProps) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const { elements, loading, fallback } = useZone(zonename, { language: useVisitorLanguage() });
  const videos = elements.filter((element) => element.type === 'video' && element.value.trim());
  const video = pick === 'last' ? videos.at(-1) : videos[0];
  const src = video ? mediaUrl(video.value, config) : null;
  const ref = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(prefersReducedMotion);

  // React sets `muted` as a property after the element exists, which some autoplay policies read
  // too late: set it ourselves and start or stop playing explicitly.
  useEffect(() => {
    const element = ref.current;
    if (!element || !src) return;
    element.muted = true;
    element.defaultMuted = true;
    if (paused) element.pause();
    // A refused autoplay leaves the first frame as a poster; nothing to report.
    else void Promise.resolve(element.play()).catch(() => undefined);
  }, [src, paused]);

  return (
    <figure className="zone-video">
      {src ? (
        <div className="zone-video__frame">
          <video
            key={src}
            ref={ref}
            className="zone-video__player"
            src={src}
            aria-label={title}
            muted
            loop
            autoPlay={!paused}
            playsInline
            preload="auto"
            controls={false}
            controlsList="nodownload nofullscreen noremoteplayback"
            disablePictureInPicture
            onContextMenu={(event) => event.preventDefault()}
          />
          {fallback ? <FrenchMark /> : null}
          <button
            type="button"
            className="zone-video__toggle"
            onClick={() => setPaused((value) => !value)}
          >
            <span aria-hidden="true" className="zone-video__toggle-icon">
              {paused ? '▶' : '❚❚'}
            </span>
            <span className="visually-hidden">
              {paused ? t('visitorPages.common.playVideo') : t('visitorPages.common.pauseVideo')}
            </span>
          </button>
        </div>
      ) : (
        <div className="zone-video__pending">
          {loading ? null : t('visitorPages.common.videoPending')}
        </div>
      )}
      <figcaption className="zone-video__caption">{caption}</figcaption>
    </figure>
  );
}
