/**
 * The staff home's photo slideshow (docs/product.md#screens: 1080×607, shuffled, every 5 s, looping, arrows),
 * from the zone "Diaporama accueil" in the local database. The carousel (embla) is loaded on
 * demand so it stays out of the kiosk's initial chunk; until it arrives, or while the zone is
 * empty, a calm placeholder of the same size keeps the layout still.
 */
import { CONTENT_ZONES } from '@plant-kiosk/contract';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../lib/lazy-with-retry/lazy-with-retry';
import { useRuntimeConfig } from '../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../lib/media/media-url';
import { useZone } from '../content';
import { SLIDESHOW_HEIGHT } from './slideshow-size';

const SlideshowCarousel = lazyPage(() => import('./slideshow-carousel'));

export function HomeSlideshow() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const { elements } = useZone(CONTENT_ZONES.homeSlideshow);
  const images = useMemo(
    () =>
      elements
        .filter((element) => element.type === 'image' && element.value.trim() !== '')
        .map((element) => ({ id: element.elementid, src: mediaUrl(element.value, config) })),
    [elements, config],
  );

  const placeholder = (
    <div className="home-slideshow__placeholder" style={{ height: SLIDESHOW_HEIGHT }}>
      <img src="./logo.svg" alt="" width={560} height={119} />
      {images.length === 0 && <p>{t('home.slideshowEmpty')}</p>}
    </div>
  );

  return (
    <section className="home-slideshow" aria-label={t('home.slideshow')}>
      {images.length === 0 ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <SlideshowCarousel images={images} label={t('home.slideshow')} />
        </Suspense>
      )}
    </section>
  );
}
