import type { PublishProblem } from '@plant-kiosk/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyDraftChanged } from '../../lib/draft-events';
import { mockFetch } from '../../testing/fake-fetch';
import { MissingTranslations } from './missing-translations';
import { altWarning, draftWithWarnings as draft } from './testing/content-data';
import { renderZoneWarnings } from './testing/render-zone-warnings';

afterEach(() => vi.unstubAllGlobals());
const missing = (zoneid: number, zonename: string): PublishProblem => ({
  code: 'missing-translation',
  zoneid,
  zonename,
  elementid: null,
  subgroupid: null,
  subelementid: null,
  message: `Zone « ${zonename} » n’a pas de version anglaise.`,
});

describe('MissingTranslations', () => {
  it('lists the visitor zones without an English version, each linking to its editor, and follows the draft', async () => {
    // The other lists' warnings (an image without a text alternative) are not this list's.
    let warnings = [
      missing(4, "Numéros d'urgence"),
      missing(9, 'Politiques qualité'),
      altWarning(12, 'Menu', 2),
    ];
    mockFetch((call) =>
      call.url === '/api/admin/developments/1/draft/changes'
        ? { data: draft(warnings) }
        : undefined,
    );
    renderZoneWarnings([MissingTranslations], { currentZoneid: 4 });
    await userEvent.setup().click(await screen.findByText('Traductions manquantes'));
    const list = await screen.findByRole('list', { name: 'Zones visiteurs sans version anglaise' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ["Numéros d'urgencepage visiteurs « Urgence »", '/contenu/1/zones/4'],
      ['Politiques qualitépage visiteurs « Qualité »', '/contenu/1/zones/9'],
    ]);
    expect(within(list).getAllByRole('link')[0]!.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('2').className).toContain('badge-warn');

    // An English element added somewhere: the draft changed, the list follows.
    warnings = [missing(9, 'Politiques qualité')];
    act(() => notifyDraftChanged());
    expect(await screen.findByText('1')).toBeTruthy();
    expect(screen.queryByText("Numéros d'urgence")).toBeNull();

    warnings = [];
    act(() => notifyDraftChanged());
    expect(
      await screen.findByText(/Toutes les zones des pages visiteurs qui ont un contenu/),
    ).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, message: 'Erreur du serveur.' }));
    renderZoneWarnings([MissingTranslations]);
    await userEvent.setup().click(screen.getByText('Traductions manquantes'));
    expect((await screen.findByRole('alert')).textContent).toContain('Erreur du serveur.');
  });
});
