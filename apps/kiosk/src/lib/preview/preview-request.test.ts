import { describe, expect, it } from 'vitest';
import { parsePreviewRequest, previewQueryOf, PreviewRequestError } from './preview-request';

describe('the preview asked by the address', () => {
  it('is none on a totem', () => {
    expect(parsePreviewRequest('')).toBeNull();
    expect(parsePreviewRequest('?devid=2&source=draft')).toBeNull();
  });

  it('reads the draft, a date or a scheduled change set, with the mode', () => {
    expect(parsePreviewRequest('?apercu=1&devid=2&source=draft&mode=Moulage')).toEqual({
      devid: 2,
      input: { source: 'draft' },
      mode: 'Moulage',
    });
    expect(parsePreviewRequest('?apercu=1&devid=7&at=2026-11-30T04:00:00Z&mode=visiteur')).toEqual({
      devid: 7,
      input: { at: '2026-11-30T04:00:00Z' },
      mode: 'visiteur',
    });
    expect(parsePreviewRequest('?apercu=1&devid=3&set=12&mode=nimporte')).toEqual({
      devid: 3,
      input: { set: 12 },
      mode: null,
    });
  });

  it('says in French what is wrong with a bad address', () => {
    const problem = (search: string) => {
      try {
        parsePreviewRequest(search);
      } catch (error) {
        expect(error).toBeInstanceOf(PreviewRequestError);
        return (error as Error).message;
      }
      throw new Error(`no problem found in ${search}`);
    };
    expect(problem('?apercu=1&source=draft')).toContain('numéro du développement');
    expect(problem('?apercu=1&devid=0&source=draft')).toContain('numéro du développement');
    expect(problem('?apercu=1&devid=2')).toContain('une seule chose');
    expect(problem('?apercu=1&devid=2&source=draft&set=3')).toContain('une seule chose');
    expect(problem('?apercu=1&devid=2&at=demain')).toContain('« demain »');
    expect(problem('?apercu=1&devid=2&set=-1')).toContain('modification programmée');
  });

  it('asks the server the same thing (the contract’s PreviewQuery)', () => {
    expect(previewQueryOf({ source: 'draft' })).toEqual({ source: 'draft' });
    expect(previewQueryOf({ at: '2026-11-30T04:00:00Z' })).toEqual({ at: '2026-11-30T04:00:00Z' });
    expect(previewQueryOf({ set: 4 })).toEqual({ set: '4' });
  });
});
