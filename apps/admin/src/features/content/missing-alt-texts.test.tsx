import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyDraftChanged } from '../../lib/draft-events';
import { mockFetch } from '../../testing/fake-fetch';
import { altWarningDetail, MissingAltTexts } from './missing-alt-texts';
import { MissingTranslations } from './missing-translations';
import { altWarning, draftWithWarnings } from './testing/content-data';
import { renderZoneWarnings } from './testing/render-zone-warnings';

afterEach(() => vi.unstubAllGlobals());

const DRAFT_CHANGES = '/api/admin/developments/1/draft/changes';

describe('MissingAltTexts', () => {
  it('lists the zones whose images lack a text alternative with the server’s count, and follows the draft', async () => {
    let warnings = [altWarning(12, 'Menu', 3), altWarning(4, 'Plan du site', 1)];
    const calls = mockFetch((call) =>
      call.url === DRAFT_CHANGES ? { data: draftWithWarnings(warnings) } : undefined,
    );
    // As on the content page: both lists, one read of the draft.
    renderZoneWarnings([MissingTranslations, MissingAltTexts], { currentZoneid: 4 });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Textes alternatifs manquants'));
    const list = await screen.findByRole('list', {
      name: 'Zones avec des images sans texte alternatif',
    });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Menu3 images sans texte alternatif', '/contenu/1/zones/12'],
      ['Plan du site1 image sans texte alternatif', '/contenu/1/zones/4'],
    ]);
    expect(within(list).getAllByRole('link')[1]!.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('2').className).toContain('badge-warn');
    // The translations' list counts none of these.
    expect(screen.getByText('0').className).toContain('badge-ok');
    expect(calls.filter((call) => call.url === DRAFT_CHANGES)).toHaveLength(1);

    // An alternative written for the plan's image: the draft changed, the list follows.
    warnings = [altWarning(12, 'Menu', 3)];
    act(() => notifyDraftChanged());
    expect(await screen.findByText('1')).toBeTruthy();
    expect(within(list).queryByText('Plan du site')).toBeNull();
    expect(calls.filter((call) => call.url === DRAFT_CHANGES)).toHaveLength(2);

    warnings = [];
    act(() => notifyDraftChanged());
    expect(await screen.findByText('Toutes les images ont un texte alternatif.')).toBeTruthy();
  });

  it('shows the message whole when it does not read as expected', () => {
    const odd = { ...altWarning(3, 'Menu', 2), message: 'Des images sans texte alternatif.' };
    expect(altWarningDetail(odd)).toBe('Des images sans texte alternatif.');
    // A zone's name with the separator in it stays whole.
    expect(altWarningDetail(altWarning(3, 'Menu — semaine', 2))).toBe(
      '2 images sans texte alternatif',
    );
  });
});
