import { describe, expect, it } from 'vitest';
import {
  kioskPageOfZone,
  kioskPreviewUrl,
  previewPagePath,
  readPreviewInput,
} from './preview-address';

describe('the preview’s addresses', () => {
  it('the back-office page carries what to preview, the mode and the page, and reads it back', () => {
    const path = previewPagePath(
      2,
      { at: '2026-11-30T04:00:00.000Z' },
      { mode: 'visiteur', page: '/accueil/hse' },
    );
    expect(path).toBe(
      '/apercu/2?at=2026-11-30T04%3A00%3A00.000Z&mode=visiteur&page=%2Faccueil%2Fhse',
    );
    const search = new URLSearchParams(path.split('?')[1]);
    expect(readPreviewInput(search)).toEqual({ at: '2026-11-30T04:00:00.000Z' });
    expect(previewPagePath(2, { source: 'draft' }, { page: '/accueil' })).toBe(
      '/apercu/2?source=draft',
    );
    expect(readPreviewInput(new URLSearchParams('set=7'))).toEqual({ set: 7 });
  });

  it('an address that asks nothing, or two things, or a bad one, asks no preview', () => {
    expect(readPreviewInput(new URLSearchParams(''))).toBeNull();
    expect(readPreviewInput(new URLSearchParams('source=draft&set=2'))).toBeNull();
    expect(readPreviewInput(new URLSearchParams('at=demain'))).toBeNull();
    expect(readPreviewInput(new URLSearchParams('set=0'))).toBeNull();
  });

  it('frames the kiosk at the site’s root in preview mode, on the asked page', () => {
    expect(
      kioskPreviewUrl(3, { set: 4 }, { mode: 'Moulage', page: '/accueil/urgence', attempt: 2 }),
    ).toBe('/?apercu=2&devid=3&set=4&mode=Moulage#/accueil/urgence');
    expect(kioskPreviewUrl(3, { source: 'draft' }, { page: 'javascript:alert(1)' })).toBe(
      '/?apercu=1&devid=3&source=draft#/accueil',
    );
  });

  it('opens a zone on the kiosk page that shows it, else on the home page', () => {
    expect(kioskPageOfZone('Plan du site')).toBe('/accueil/urgence');
    expect(kioskPageOfZone('Une zone inconnue')).toBe('/accueil');
  });
});
