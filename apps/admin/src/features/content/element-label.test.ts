import { describe, expect, it } from 'vitest';
import { elementLabel, fileDisplayName } from './element-label';

describe('element labels (totem-size screen fixes: names, not raw file paths)', () => {
  it('shows a file element by its name, without folders, upload hash or extension', () => {
    expect(fileDisplayName('media/uploads/3/menu-semaine-1a2b3c4d.webp')).toBe('menu semaine');
    expect(fileDisplayName('pdf/guide_rh_2023.pdf')).toBe('guide rh 2023');
    expect(elementLabel({ type: 'image', value: 'media/images/plan-du-site.svg' })).toBe(
      'plan du site',
    );
    expect(elementLabel({ type: 'video', value: 'media/videos/film-60-ans.mp4' })).toBe(
      'film 60 ans',
    );
  });

  it('keeps text, link and group values as they are', () => {
    expect(elementLabel({ type: 'text', value: 'Lundi : couscous' })).toBe('Lundi : couscous');
    expect(elementLabel({ type: 'link', value: 'https://example.org/a/b.pdf' })).toBe(
      'https://example.org/a/b.pdf',
    );
    expect(elementLabel({ type: 'group', value: 'Parfum' })).toBe('Parfum');
    expect(elementLabel({ type: 'image', value: '' })).toBe('');
  });
});
