/**
 * « Aperçu sur la borne »'s band (issue 46): what is shown in the plant's time, the problems a
 * publish of the draft would refuse, the framed kiosk's address (mode and page included), the
 * notice when the content changes under the preview (an edit, or a publish with its revisions),
 * and a past moment refused in French.
 */
import type { PublishProblem, Snapshot } from '@plant-kiosk/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { changeText, POLL_MS, PreviewPage } from './preview-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function snapshot(version: number, value: string): Snapshot {
  return {
    devid: 1,
    version,
    generatedAt: new Date().toISOString(),
    zones: [],
    elements: [{ elementid: 1, zoneid: 1, order: 1, value, type: 'text', addingdate: null }],
    subelements: [],
    subgroups: [],
  } as unknown as Snapshot;
}

const problem: PublishProblem = {
  code: 'missing-field',
  zoneid: 1,
  zonename: 'Menu',
  elementid: 1,
  subgroupid: null,
  subelementid: null,
  message: 'Zone « Menu » : le champ « titre » est vide.',
} as PublishProblem;

function serve(preview: () => Snapshot, problems: PublishProblem[] = []) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/me')
      return { data: { user: { userid: 1, username: 'ana', role: 'admin' }, csrfToken: 'x' } };
    if (call.url === '/api/admin/developments')
      return { data: [{ devid: 1, devname: 'neubourg', contentVersion: 4 }] };
    if (call.url === '/api/admin/developments/1/settings')
      return { data: { settings: { timeZone: 'Europe/Paris' } } };
    if (call.url === '/api/admin/developments/1/draft/changes')
      return {
        data: {
          publishedRevision: 4,
          counts: {},
          summary: '',
          changes: [],
          warnings: [],
          problems,
        },
      };
    if (call.url.startsWith('/api/admin/developments/1/preview')) return { data: preview() };
    return undefined;
  });
}

function open(path: string) {
  const router = createMemoryRouter([{ path: '/apercu/:devid', element: <PreviewPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the preview’s band', () => {
  it('says what is shown, lists what a publish would refuse, and frames the kiosk asked', async () => {
    serve(() => snapshot(4, 'a'), [problem]);
    open('/apercu/1?source=draft&mode=visiteur&page=%2Faccueil%2Fhse');
    expect(screen.getByRole('heading', { name: 'Aperçu — non publié' })).toBeTruthy();
    expect(await screen.findByText(/^Le brouillon du développement « neubourg »/)).toBeTruthy();
    expect(
      await screen.findByText(
        'Ce brouillon ne pourrait pas être publié tel quel : 1 problème à corriger.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(problem.message)).toBeTruthy();
    const frame = screen.getByTitle('Aperçu de la borne (1080 × 1920)');
    expect(frame.getAttribute('src')).toBe(
      '/?apercu=1&devid=1&source=draft&mode=visiteur#/accueil/hse',
    );
    expect((screen.getByLabelText('Mode du totem') as HTMLSelectElement).value).toBe('visiteur');
  });

  it('a date is said in the plant’s time', async () => {
    serve(() => snapshot(4, 'a'));
    open('/apercu/1?at=2026-11-30T04%3A00%3A00.000Z');
    expect(
      await screen.findByText(/montreront lundi 30 novembre (2026 )?à 05:00 \(heure de Paris\)/),
    ).toBeTruthy();
  });

  it('says when the content changes under it, and whether it was a publish', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let current = snapshot(4, 'a');
    const calls = serve(() => current);
    open('/apercu/1?source=draft');
    await screen.findByText(/^Le brouillon du développement/);
    const previews = () => calls.filter((call) => call.url.includes('/preview')).length;
    await vi.waitFor(() => expect(previews()).toBe(1));
    current = snapshot(5, 'b');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await screen.findByText(/de la révision 4 à la 5/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger l’aperçu' })).toBeTruthy();
  });

  it('refuses a moment already past, in French', async () => {
    serve(() => snapshot(4, 'a'));
    open('/apercu/1?source=draft');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Date (heure de Paris)'), '2020-01-06');
    await user.type(screen.getByLabelText('Heure (heure de Paris)'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Voir' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Choisissez un moment à venir',
    );
  });
});

describe('what changed', () => {
  it('a publish names the revisions; otherwise the draft or the schedules', () => {
    expect(changeText(4, 5)).toContain('de la révision 4 à la 5');
    expect(changeText(4, 4)).toContain('modifié le brouillon');
  });
});
