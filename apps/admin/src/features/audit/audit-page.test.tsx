/**
 * The audit page shows how many refused calls a folded entry stands for (issue 40, item 5: 6,000
 * wrong-token calls are one entry with a count, not 6,000 lines).
 */
import { DEFAULT_SETTINGS, type AuditEntry } from '@plant-kiosk/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { AuditPage } from './audit-page';

afterEach(() => vi.unstubAllGlobals());

const REFUSED: AuditEntry = {
  id: 12,
  at: '2026-07-27T08:00:00.000Z',
  userid: null,
  username: null,
  devid: 1,
  action: 'alert.unauthorized',
  targetType: null,
  targetId: null,
  summary: { method: 'POST', ip: '10.0.0.7', token: 'wrong' },
  count: 6000,
  lastAt: '2026-07-27T08:09:00.000Z',
};
const LOGIN: AuditEntry = {
  ...REFUSED,
  id: 11,
  userid: 1,
  username: 'admin',
  devid: null,
  action: 'session.login',
  summary: { ip: '10.0.0.8' },
  count: 1,
  lastAt: null,
};

describe('Journal des modifications', () => {
  it('shows the count of a folded entry of refused calls, and nothing more for a single event', async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/admin/audit')) return { data: [REFUSED, LOGIN] };
      if (call.url === '/api/admin/developments') return { data: [] };
      return undefined;
    });
    render(<AuditPage />);
    const rows = await screen.findAllByRole('row');
    const refused = within(rows[1]!);
    expect(
      refused.getByText(
        'Appel d’alerte refusé : jeton faux (requête POST depuis l’adresse 10.0.0.7)',
      ),
    ).toBeTruthy();
    expect(rows[1]!.querySelector('.badge')?.textContent).toBe('× 6\u202f000');
    expect(rows[1]!.textContent).toMatch(
      /6\u202f000 tentatives refusées, la dernière le 27\/07\/2026 \d{2}:09/,
    );
    expect(rows[2]!.textContent).not.toMatch(/×|tentatives/);
  });

  it('tells each entry in a French sentence and keeps the raw entry folded under « Détails »', async () => {
    const ROLLBACK: AuditEntry = {
      ...LOGIN,
      id: 13,
      devid: 1,
      action: 'revision.rollback',
      targetType: 'development',
      targetId: 1,
      summary: {
        rolledBackTo: 1,
        revision: 5,
        counts: { zone: { added: 0, changed: 0, removed: 44 } },
      },
    };
    mockFetch((call) => {
      if (call.url.startsWith('/api/admin/audit')) return { data: [ROLLBACK] };
      if (call.url === '/api/admin/developments') return { data: [] };
      return undefined;
    });
    render(<AuditPage />);
    const sentence = await screen.findByText(
      'Retour à la révision 1, publié sur les totems comme révision 5 (44 zones supprimées)',
    );
    const row = sentence.closest('tr')!;
    const details = row.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Détails').tagName).toBe('SUMMARY');
    expect(within(details).getByText('revision.rollback')).toBeTruthy();
    expect(details.textContent).toContain('"rolledBackTo":1');
    // The sentence carries no raw key nor JSON.
    expect(sentence.textContent).not.toMatch(/revision\.rollback|\{/);
  });

  it('asks a page of 50, for the chosen development, then the older ones after the last seen', async () => {
    const page = (from: number, count: number): AuditEntry[] =>
      Array.from({ length: count }, (_, index) => ({ ...LOGIN, id: from - index }));
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/developments') {
        return {
          data: [
            {
              devid: 1,
              devname: 'neubourg',
              contentVersion: 3,
              tokenVersion: 0,
              createdAt: '2026-11-01T08:00:00.000Z',
            },
          ],
        };
      }
      if (call.url.includes('before=')) return { data: page(150, 3) };
      if (call.url.startsWith('/api/admin/audit')) return { data: page(200, 50) };
      return undefined;
    });
    render(<AuditPage />);
    await screen.findAllByText('admin');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Développement' }),
      await screen.findByRole('option', { name: 'neubourg' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Entrées plus anciennes' }));
    // The last page is short: the button goes, the 3 older entries are below the first 50.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Entrées plus anciennes' })).toBeNull(),
    );
    expect(screen.getAllByRole('row')).toHaveLength(1 + 53);
    expect(
      calls.filter((call) => call.url.startsWith('/api/admin/audit')).map((call) => call.url),
    ).toEqual([
      '/api/admin/audit?limit=50',
      '/api/admin/audit?limit=50&devid=1',
      '/api/admin/audit?limit=50&before=151&devid=1',
    ]);
  });

  it('tells each entry’s times on its own development’s plant clock, Paris for one of none', async () => {
    // The browser's zone is the test machine's; the plants are in New York and Tokyo.
    const AT = '2026-07-27T08:00:00.000Z';
    const SCHEDULED: AuditEntry = {
      ...LOGIN,
      id: 21,
      at: AT,
      devid: 1,
      action: 'publish.schedule',
      targetType: 'development',
      targetId: 1,
      summary: { setid: 7, at: '2026-07-28T09:00:00.000Z', counts: {} },
    };
    const TOKYO: AuditEntry = { ...LOGIN, id: 20, at: AT, devid: 2 };
    const NOWHERE: AuditEntry = { ...LOGIN, id: 19, at: AT, devid: null };
    const zones: Record<string, string> = { 1: 'America/New_York', 2: 'Asia/Tokyo' };
    mockFetch((call) => {
      if (call.url.startsWith('/api/admin/audit')) return { data: [SCHEDULED, TOKYO, NOWHERE] };
      if (call.url === '/api/admin/developments') return { data: [] };
      const settings = /^\/api\/admin\/developments\/(\d+)\/settings$/.exec(call.url);
      if (settings) {
        const devid = Number(settings[1]);
        return {
          data: {
            devid,
            settings: { ...DEFAULT_SETTINGS, timeZone: zones[devid] },
            unpublished: false,
          },
        };
      }
      return undefined;
    });
    render(<AuditPage />);
    await waitFor(() => expect(screen.getAllByRole('row')[1]!.textContent).toContain('04:00'));
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('27/07/2026 04:00')).toBeTruthy();
    expect(rows[1]!.textContent).toContain(
      'Publication programmée pour mardi 28 juillet à 05:00 (heure de New York)',
    );
    await waitFor(() => expect(within(rows[2]!).getByText('27/07/2026 17:00')).toBeTruthy());
    expect(within(rows[3]!).getByText('27/07/2026 10:00')).toBeTruthy();
  });
});
