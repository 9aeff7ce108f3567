/**
 * The audit page shows how many refused calls a folded entry stands for (issue 40, item 5: 6,000
 * wrong-token calls are one entry with a count, not 6,000 lines).
 */
import type { AuditEntry } from '@plant-kiosk/contract';
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
});
