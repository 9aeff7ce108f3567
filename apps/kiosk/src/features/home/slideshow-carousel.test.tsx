import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installObserverShims } from '../../components/image-carousel/testing/layout-shims';
import SlideshowCarousel from './slideshow-carousel';

describe('home slideshow carousel', () => {
  beforeEach(() => installObserverShims());

  it('slides instead of cross-fading, so two captions never show on top of each other (totem-size screen fixes)', () => {
    render(
      <SlideshowCarousel
        images={[
          { id: 1, src: '/media/images/a.svg' },
          { id: 2, src: '/media/images/b.svg' },
        ]}
        label="Diaporama"
      />,
    );
    const region = screen.getByRole('region', { name: 'Diaporama' });
    expect(region.classList.contains('image-carousel')).toBe(true);
    expect(region.classList.contains('image-carousel--fade')).toBe(false);
  });
});
