import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StaffVideo } from './staff-video';

vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();

describe('StaffVideo (docs/product.md#screens: muted, looping, no download or fullscreen)', () => {
  it('plays muted and looping, with no controls to pause, unmute, download or enlarge it', () => {
    const { container } = render(<StaffVideo src="/media/videos/film.mp4" caption="Film" />);
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('muted')).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    // Totem-size screen fixes: native controls let people pause and unmute the plant films.
    expect(video.hasAttribute('controls')).toBe(false);
    expect(video.getAttribute('controlsList')).toContain('nodownload');
    expect(video.getAttribute('controlsList')).toContain('nofullscreen');
    expect(video.hasAttribute('disablepictureinpicture')).toBe(true);
  });
});
