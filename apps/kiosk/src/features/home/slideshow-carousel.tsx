/** The slideshow's carousel, in its own chunk (see home-slideshow.tsx). */
import { ImageCarousel } from '../../components/image-carousel';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { SLIDESHOW_HEIGHT, SLIDESHOW_WIDTH } from './slideshow-size';

export interface SlideshowImage {
  id: number;
  src: string;
}

export default function SlideshowCarousel({
  images,
  label,
}: {
  images: readonly SlideshowImage[];
  label: string;
}) {
  // The published interval (published settings; spec default 5 s).
  const delaySeconds = useSettingsStore((state) => state.settings.slideshowIntervalSeconds);
  return (
    <ImageCarousel
      items={images}
      getKey={(image) => image.id}
      label={label}
      loop
      shuffle
      autoplay
      delayMs={delaySeconds * 1000}
      showArrows
      showDots={false}
      // The plant's photos carry their own captions: a cross-fade shows two captions on top of each
      // other for the length of the change (totem-size screen fixes). A slide keeps them side by
      // side instead.
      fade={false}
      height={SLIDESHOW_HEIGHT}
      className="home-slideshow__carousel"
      renderItem={(image) => (
        <img
          src={image.src}
          alt=""
          width={SLIDESHOW_WIDTH}
          height={SLIDESHOW_HEIGHT}
          decoding="async"
          draggable={false}
        />
      )}
    />
  );
}
