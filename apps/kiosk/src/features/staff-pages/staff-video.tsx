/**
 * A content video as the plant pages show it (docs/product.md#screens): muted, looping, playing by itself, with
 * no controls, download, fullscreen or picture-in-picture — a totem must never leave its kiosk layout.
 * React sets `muted` as a property only, after the element exists, so autoplay could be refused
 * by the browser; the ref sets it before asking to play.
 */
import { useEffect, useRef } from 'react';

export interface StaffVideoProps {
  src: string;
  caption: string;
  className?: string;
}

export function StaffVideo({ src, caption, className }: StaffVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = true;
    video.defaultMuted = true;
    video.setAttribute('muted', '');
    // jsdom has no media playback: `play` may be missing or return nothing there.
    const playing = video.play?.() as Promise<void> | undefined;
    // Autoplay refused (a browser policy; muted autoplay is allowed in Chromium): logged.
    playing?.catch((error: unknown) => console.warn('[video] autoplay refused', error));
  }, [src]);

  return (
    <figure className={['staff-video', className ?? ''].filter(Boolean).join(' ')}>
      <video
        ref={ref}
        src={src}
        muted
        loop
        autoPlay
        playsInline
        // No controls (docs/product.md#screens): nobody can pause, unmute, download or go fullscreen.
        controlsList="nodownload nofullscreen noremoteplayback"
        disablePictureInPicture
        disableRemotePlayback
        preload="auto"
        aria-label={caption}
        onDoubleClick={(event) => event.preventDefault()}
        onContextMenu={(event) => event.preventDefault()}
      />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
