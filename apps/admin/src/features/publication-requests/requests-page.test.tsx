/**
 * « Demandes de publication » (issue 51, part 2): the waiting requests and the decided ones,
 * « Examiner » (changes, what changed since, preview), approve with a comment and its outcome,
 * refuse with a required comment, the author's view (no approval, withdraw), a 409 « changed
 * since » and a list that cannot be read. The server's rules themselves:
 * apps/server/src/publishing/publication-requests.test.ts.
 */
import {
  DEFAULT_SETTINGS,
  type AdminUser,
  type ContentChangeEntry,
  type PublicationRequest,
  type PublicationRequestDetail,
} from '@plant-kiosk/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { RequestsPage } from './requests-page';

// Friday 27 November 2026, 10:00 in Paris: only Date is faked, timers and events run for real.
const NOW = new Date('2026-11-27T09:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const none = { added: 0, changed: 0, removed: 0 };
const counts = (element = none) => ({ zone: none, element, subgroup: none, subelement: none });

const person = (userid: number, username: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  userid,
  username,
  role: 'editor',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [1],
  canPublish: true,
  canAlert: false,
  ...extra,
});
/** Who asks (camille, 2) and who decides (dominique, 3, an editor who may publish). */
const CAMILLE = person(2, 'camille', { canPublish: false });
const DOMINIQUE = person(3, 'dominique');

const request = (over: Partial<PublicationRequest> = {}): PublicationRequest => ({
  id: 7,
  devid: 1,
  kind: 'publish',
  zoneid: null,
  rollbackTo: null,
  baseRevision: 4,
  note: 'Menu semaine 49',
  at: null,
  author: { kind: 'user', name: 'camille', userid: 2 },
  createdAt: '2026-11-27T08:30:00.000Z',
  counts: counts({ added: 0, changed: 2, removed: 0 }),
  summary: '2 éléments modifiés',
  state: 'requested',
  reviewer: null,
  reviewedAt: null,
  comment: null,
  outcome: null,
  ...over,
});

const LIST: PublicationRequest[] = [
  request(),
  request({
    id: 8,
    zoneid: 4,
    note: 'Horaires de Noël',
    at: '2026-11-30T04:00:00.000Z',
    summary: '1 élément modifié',
  }),
  request({
    id: 6,
    note: 'Consignes HSE',
    state: 'approved',
    reviewer: { userid: 3, name: 'dominique' },
    reviewedAt: '2026-11-26T10:00:00.000Z',
    comment: 'Relu, merci.',
    outcome: { status: 'published', revision: 4, at: null, heldReason: null },
  }),
  request({
    id: 5,
    note: 'Photo du mois',
    state: 'refused',
    reviewer: { userid: 3, name: 'dominique' },
    reviewedAt: '2026-11-25T15:00:00.000Z',
    comment: 'La photo est floue.',
  }),
];

const CHANGE: ContentChangeEntry = {
  revision: 5,
  kind: 'element',
  itemId: 31,
  zoneid: 4,
  zonename: 'Menu',
  before: { elementid: 31, zoneid: 4, fieldlabel: 'Plat du jour', value: 'Lasagnes', order: 1 },
  after: { elementid: 31, zoneid: 4, fieldlabel: 'Plat du jour', value: 'Couscous', order: 1 },
};

const detailOf = (item: PublicationRequest, changedSince: string[] = []) =>
  ({ request: item, changes: [CHANGE], changedSince }) satisfies PublicationRequestDetail;

type Answer = { status?: number; data?: unknown; message?: string } | undefined;

const BASE = '/api/admin/developments/1/publication-requests';

/** The server: the session of `me`, the development and its zone, the list, and `extra` first. */
function api(
  me: AdminUser,
  extra: (call: Call) => Answer = () => undefined,
  { items = LIST, enabled = true }: { items?: PublicationRequest[]; enabled?: boolean } = {},
) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/admin/session')
      return {
        data: { user: me, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' },
      };
    if (call.url === '/api/admin/developments')
      return { data: [{ devid: 1, devname: 'neubourg', contentVersion: 4 }] };
    if (call.url === '/api/admin/developments/1/settings')
      return {
        data: {
          devid: 1,
          settings: { ...DEFAULT_SETTINGS, timeZone: 'Europe/Paris' },
          unpublished: false,
        },
      };
    if (call.url.startsWith('/api/admin/developments/1/media')) return { data: [] };
    if (call.url === '/api/admin/developments/1/zones')
      return { data: [{ zoneid: 4, zonename: 'Menu' }] };
    if (call.method === 'GET' && call.url === BASE)
      return {
        data: {
          fourEyes: {
            devid: 1,
            enabled,
            allowToken: false,
            updatedAt: null,
            updatedBy: null,
          },
          items,
        },
      };
    if (call.method === 'GET' && call.url === `${BASE}/7`) return { data: detailOf(items[0]!) };
    return undefined;
  });
}

/** The screen as the frame shows it: only once the session is known (useUser needs one). */
function Ready({ children }: { children: ReactNode }) {
  const { state } = useSession();
  return state.status === 'authenticated' ? children : null;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/demandes/:devid', element: <RequestsPage /> }], {
    initialEntries: ['/demandes/1'],
  });
  return render(
    <SessionProvider>
      <Ready>
        <RouterProvider router={router} />
      </Ready>
    </SessionProvider>,
  );
}

const listReads = (calls: Call[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === BASE).length;

describe('« Demandes de publication »', () => {
  it('lists the waiting requests, then the decided ones, with who, when and what', async () => {
    api(DOMINIQUE);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Demandes de publication', level: 1 }));
    expect(
      await screen.findByText(
        'Chaque publication de ce développement doit être approuvée par une autre personne.',
      ),
    ).toBeTruthy();
    const waiting = screen.getByRole('region', { name: 'En attente (2)' });
    const cards = within(waiting).getAllByRole('listitem');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Menu semaine 49', 'Horaires de Noël']);
    const first = cards[0]!.textContent ?? '';
    expect(first).toContain('Publication de tout le brouillon');
    expect(first).toContain('camille, vendredi 27 novembre à 09:30 (heure de Paris)');
    expect(first).toContain('dès son approbation');
    expect(first).toContain('2 éléments modifiés');
    const second = cards[1]!.textContent ?? '';
    expect(second).toContain('Publication de la zone « Menu »');
    expect(second).toContain('à publier le lundi 30 novembre à 05:00 (heure de Paris)');
    // Someone else who may publish decides; each button names its request.
    expect(screen.getByRole('button', { name: 'Approuver la demande « Menu semaine 49 »…' }));
    expect(screen.getByRole('button', { name: 'Refuser la demande « Horaires de Noël »…' }));
    expect(screen.getAllByRole('button', { name: /^Retirer la demande/ })).toHaveLength(2);

    const decided = screen.getByRole('region', { name: 'Décidées récemment' });
    const [approved, refused] = within(decided).getAllByRole('listitem');
    expect(approved!.textContent).toContain('Approuvée');
    expect(approved!.textContent).toContain(
      'Approuvée par dominique, jeudi 26 novembre à 11:00 (heure de Paris)',
    );
    expect(approved!.textContent).toContain('Relu, merci.');
    expect(within(approved!).getByRole('link', { name: 'Publiée : révision 4' })).toBeTruthy();
    expect(refused!.textContent).toContain('Refusée par dominique');
    expect(refused!.textContent).toContain('La photo est floue.');
    // Decided ones offer nothing to do.
    expect(within(decided).queryByRole('button')).toBeNull();
  });

  it('says when nothing waits, and when this development needs no approval', async () => {
    api(DOMINIQUE, undefined, { items: [LIST[2]!], enabled: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Aucune demande en attente' })).toBeTruthy();
    expect(screen.getByText(/n’exige pas d’approbation/).textContent).toContain(
      'Les demandes passées restent listées ici.',
    );
    expect(screen.getByRole('heading', { name: 'Décidées récemment' })).toBeTruthy();
  });

  it('« Examiner » shows the changes, what changed since, and the preview', async () => {
    api(DOMINIQUE, (call) =>
      call.method === 'GET' && call.url === `${BASE}/7`
        ? { data: detailOf(LIST[0]!, ['élément « Plat du jour » (brouillon)']) }
        : undefined,
    );
    renderPage();
    const user = userEvent.setup();
    const examine = await screen.findByRole('button', {
      name: 'Examiner la demande « Menu semaine 49 »',
    });
    expect(examine.getAttribute('aria-expanded')).toBe('false');
    await user.click(examine);
    const detail = await screen.findByRole('region', {
      name: 'Modifications de la demande « Menu semaine 49 »',
    });
    expect(examine.getAttribute('aria-expanded')).toBe('true');
    expect(await within(detail).findByRole('heading', { name: /Menu/, level: 4 })).toBeTruthy();
    expect(detail.textContent).toContain('Couscous');
    expect(within(detail).getByRole('status').textContent).toBe(
      'Le brouillon a changé depuis la demande : élément « Plat du jour » (brouillon) — l’approbation sera refusée ; demandez à son auteur d’en refaire une.',
    );
    expect(
      within(detail)
        .getByRole('link', { name: /^Aperçu sur la borne/ })
        .getAttribute('href'),
    ).toBe('/apercu/1?set=7');
  });

  it('approves with a comment and says what came of it, then reads the list again', async () => {
    let decided = false;
    const calls = api(DOMINIQUE, (call) => {
      if (call.method === 'POST' && call.url === `${BASE}/7/approve`) {
        decided = true;
        return {
          data: request({
            state: 'approved',
            reviewer: { userid: 3, name: 'dominique' },
            reviewedAt: NOW.toISOString(),
            comment: 'Vu.',
            outcome: { status: 'published', revision: 5, at: null, heldReason: null },
          }),
        };
      }
      if (call.method === 'POST' && call.url === `${BASE}/8/approve`)
        return {
          data: request({
            id: 8,
            note: 'Horaires de Noël',
            state: 'approved',
            outcome: {
              status: 'scheduled',
              revision: null,
              at: '2026-11-30T04:00:00.000Z',
              heldReason: null,
            },
          }),
        };
      return undefined;
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Approuver la demande « Menu semaine 49 »…' }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Approuver la demande « Menu semaine 49 » ?' });
    expect(dialog.textContent).toContain('elle part sur les totems tout de suite');
    await user.type(within(dialog).getByLabelText('Commentaire (facultatif)'), 'Vu.');
    const before = listReads(calls);
    await user.click(within(dialog).getByRole('button', { name: 'Approuver et publier' }));
    expect(decided).toBe(true);
    expect(calls.find((call) => call.url === `${BASE}/7/approve`)?.body).toEqual({
      comment: 'Vu.',
    });
    expect((await screen.findByText(/approuvée\. Publiée/)).textContent).toBe(
      'Demande « Menu semaine 49 » approuvée. Publiée : révision 5.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(listReads(calls)).toBeGreaterThan(before));

    // One asked for later is scheduled: the dialog and the outcome say when; no comment, no body.
    await user.click(
      screen.getByRole('button', { name: 'Approuver la demande « Horaires de Noël »…' }),
    );
    dialog = screen.getByRole('dialog', { name: 'Approuver la demande « Horaires de Noël » ?' });
    expect(dialog.textContent).toContain('lundi 30 novembre à 05:00 (heure de Paris)');
    await user.click(within(dialog).getByRole('button', { name: 'Approuver et programmer' }));
    expect(calls.find((call) => call.url === `${BASE}/8/approve`)?.body).toEqual({});
    expect((await screen.findByText(/Programmée pour/)).textContent).toBe(
      'Demande « Horaires de Noël » approuvée. Programmée pour lundi 30 novembre à 05:00 (heure de Paris).',
    );
  });

  it('refuses only with a comment', async () => {
    const calls = api(DOMINIQUE, (call) =>
      call.method === 'POST' && call.url === `${BASE}/7/refuse`
        ? { data: request({ state: 'refused', comment: 'Pas avant lundi.' }) }
        : undefined,
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Refuser la demande « Menu semaine 49 »…' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Refuser la demande « Menu semaine 49 » ?' });
    const confirm = within(dialog).getByRole('button', { name: 'Refuser la demande' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const reason = within(dialog).getByLabelText('Motif du refus (obligatoire)');
    await user.type(reason, '   ');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.clear(reason);
    await user.type(reason, 'Pas avant lundi.');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.click(confirm);
    expect(calls.find((call) => call.url === `${BASE}/7/refuse`)?.body).toEqual({
      comment: 'Pas avant lundi.',
    });
    expect((await screen.findByText(/refusée :/)).textContent).toBe(
      'Demande « Menu semaine 49 » refusée : ses modifications restent dans le brouillon.',
    );
  });

  it('shows its author no approval, only « Retirer la demande »', async () => {
    const calls = api(CAMILLE, (call) =>
      call.method === 'DELETE' && call.url === `${BASE}/7`
        ? { data: request({ state: 'withdrawn' }) }
        : undefined,
    );
    renderPage();
    const user = userEvent.setup();
    const card = (
      await screen.findByRole('heading', { name: 'Menu semaine 49', level: 3 })
    ).closest('li')!;
    expect(within(card).queryByRole('button', { name: /^Approuver/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Refuser/ })).toBeNull();
    expect(card.textContent).toContain('Une autre personne qui peut publier doit l’approuver.');
    await user.click(
      within(card).getByRole('button', { name: 'Retirer la demande « Menu semaine 49 »' }),
    );
    const confirm = screen.getByRole('dialog', {
      name: 'Retirer la demande « Menu semaine 49 » ?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Oui, retirer la demande' }));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `${BASE}/7`)).toBe(true);
    expect((await screen.findByText(/retirée :/)).textContent).toBe(
      'Demande « Menu semaine 49 » retirée : ses modifications restent dans le brouillon.',
    );
  });

  it('shows the server’s message when the draft changed since the request', async () => {
    const message =
      'Approbation refusée : un élément a changé depuis la demande — élément « Plat du jour » (brouillon). Ce qui serait publié ne serait plus ce qui a été demandé : demandez une nouvelle publication.';
    api(DOMINIQUE, (call) =>
      call.method === 'POST' && call.url === `${BASE}/7/approve`
        ? {
            status: 409,
            message,
            data: {
              reason: 'changed-since',
              changedSince: ['élément « Plat du jour » (brouillon)'],
            },
          }
        : undefined,
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Approuver la demande « Menu semaine 49 »…' }),
    );
    const dialog = screen.getByRole('dialog', { name: /^Approuver la demande/ });
    await user.click(within(dialog).getByRole('button', { name: 'Approuver et publier' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the list cannot be read', async () => {
    api(DOMINIQUE, (call) =>
      call.method === 'GET' && call.url === BASE
        ? { status: 500, message: 'La base de données ne répond pas.' }
        : undefined,
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La base de données ne répond pas.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
