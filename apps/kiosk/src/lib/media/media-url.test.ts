import { describe, expect, it } from 'vitest';
import { collectMediaUrls, mediaUrl } from './media-url';

const config = { contentBase: 'http://plant.lan:8081' };

describe('media URLs', () => {
  it('resolves site-relative values against the content base', () => {
    expect(mediaUrl('media/images/x-1a2b3c4d.svg', config)).toBe(
      'http://plant.lan:8081/media/images/x-1a2b3c4d.svg',
    );
    expect(mediaUrl('/pdf/guide.pdf', config)).toBe('http://plant.lan:8081/pdf/guide.pdf');
    expect(mediaUrl('pdf/guide.pdf', { contentBase: 'http://plant.lan/' })).toBe(
      'http://plant.lan/pdf/guide.pdf',
    );
  });

  it('leaves absolute, data: and blob: values unchanged', () => {
    expect(mediaUrl('https://cdn.example.com/a.png', config)).toBe('https://cdn.example.com/a.png');
    expect(mediaUrl('data:image/png;base64,AAAA', config)).toBe('data:image/png;base64,AAAA');
    expect(mediaUrl('blob:http://plant.lan/1', config)).toBe('blob:http://plant.lan/1');
  });

  it('collects the cacheable URLs of image, PDF and video values only, once each', () => {
    const urls = collectMediaUrls(
      [
        { value: 'media/images/a.svg', type: 'image' },
        { value: '/media/images/a.svg', type: 'image' },
        { value: 'pdf/guide.pdf', type: 'pdf' },
        { value: 'media/videos/film.mp4', type: 'video' },
        { value: 'Titre', type: 'text' },
        { value: 'media/images/b.svg', type: 'link' },
        { value: 'data:image/png;base64,AAAA', type: 'image' },
      ],
      config,
    );
    expect([...urls].sort()).toEqual([
      'http://plant.lan:8081/media/images/a.svg',
      'http://plant.lan:8081/media/videos/film.mp4',
      'http://plant.lan:8081/pdf/guide.pdf',
    ]);
  });
});
