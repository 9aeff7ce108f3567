/**
 * What the fleet's component tests share: a totem's status, a stand-in for the live channel's
 * EventSource, a logged-in user, the pages rendered inside the session and a router, and the
 * fleet grid's cards as a user finds them (the list « Totems », one item per totem).
 */
import type { AdminUser, KioskCommand, KioskStatus } from '@plant-kiosk/contract';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SessionProvider } from '../../lib/session/session-context';

export class FakeEventSource {
  static last: FakeEventSource;
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  emit(name: string, data: unknown) {
    act(() => this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) })));
  }
  close() {
    this.readyState = 2;
  }
}

export const kiosk = (overrides: Partial<KioskStatus> = {}): KioskStatus => ({
  kioskId: 'aaaaaaaa-1111-2222-3333-444444444444',
  devid: 1,
  devname: 'neubourg',
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '0.1.0',
  contentVersion: 3,
  currentContentVersion: 3,
  lastSyncAt: '2026-11-23T10:00:00.000Z',
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
  connected: true,
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  lastHeartbeatAt: null,
  state: 'online',
  upToDate: true,
  aheadOfServer: false,
  behindSince: null,
  flag: null,
  flagMessage: null,
  media: null,
  name: null,
  location: null,
  groups: [],
  note: null,
  profileVersion: 0,
  lastCommand: null,
  ...overrides,
});

export const command = (overrides: Partial<KioskCommand> = {}): KioskCommand => ({
  commandId: 1,
  batchId: 'batch-1',
  devid: 1,
  kioskId: 'aaaaaaaa-1111-2222-3333-444444444444',
  kind: 'identify',
  mode: null,
  state: 'pending',
  reason: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  sentAt: null,
  ackedAt: null,
  createdBy: 'admin',
  ...overrides,
});

export const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [],
  canPublish: true,
  canAlert: true,
  ...overrides,
});

/** The answer of GET /me for that user (the fake fetch answers the session probe from it). */
export const sessionOf = (who: AdminUser) => ({
  data: { user: who, csrfToken: 'csrf', expiresAt: '2026-12-01T08:00:00.000Z' },
});

/** A screen logged in (as the fake fetch's /me says), at `path` of a router. */
export function renderAt(path: string, pattern: string, screen: ReactNode) {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={screen} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

/** The fleet grid's cards, in order ([] when the grid shows none). */
export function cards(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: 'Totems' });
  return list ? within(list).getAllByRole('listitem') : [];
}

/** The card holding that text (a totem's name, its short id). */
export function cardOf(text: string): HTMLElement {
  const card = cards().find((item) => within(item).queryByText(text) !== null);
  if (!card) throw new Error(`no card shows « ${text} »`);
  return card;
}
