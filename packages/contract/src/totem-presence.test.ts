import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { FLEET_ONLINE_WINDOW_MS, FLEET_SILENT_FLAG_MS } from './fleet-constants.js';
import {
  PRESENCE_LABELS,
  TotemPresence,
  isOnline,
  presenceOf,
  presenceText,
  streamAlive,
  totemPresence,
  type PresenceFacts,
} from './totem-presence.js';

const NOW = Date.parse('2026-11-27T14:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const facts = (overrides: Partial<PresenceFacts> = {}): PresenceFacts => ({
  connected: false,
  lastSeenAt: ago(0),
  lastHeartbeatAt: null,
  ...overrides,
});

describe('the online rule', () => {
  it('is online while its stream is open and refreshed within the window, not after', () => {
    const open = (ms: number) => facts({ connected: true, lastSeenAt: ago(ms) });
    expect(streamAlive(open(FLEET_ONLINE_WINDOW_MS), NOW)).toBe(true);
    expect(totemPresence(open(FLEET_ONLINE_WINDOW_MS), NOW)).toBe('online');
    // A mark nobody refreshed: the stream of an instance that went away.
    expect(streamAlive(open(FLEET_ONLINE_WINDOW_MS + 1), NOW)).toBe(false);
    expect(totemPresence(open(FLEET_ONLINE_WINDOW_MS + 1), NOW)).toBe('offline');
  });

  it('is online without a stream when its recent heartbeat is the latest news of it', () => {
    const seen = ago(30_000);
    expect(isOnline(facts({ lastSeenAt: seen, lastHeartbeatAt: seen }), NOW)).toBe(true);
    const edge = ago(FLEET_ONLINE_WINDOW_MS);
    expect(isOnline(facts({ lastSeenAt: edge, lastHeartbeatAt: edge }), NOW)).toBe(true);
    const old = ago(FLEET_ONLINE_WINDOW_MS + 1);
    expect(isOnline(facts({ lastSeenAt: old, lastHeartbeatAt: old }), NOW)).toBe(false);
  });

  it('is offline at once when its stream closed after its last heartbeat', () => {
    const closed = facts({ lastSeenAt: ago(10_000), lastHeartbeatAt: ago(20_000) });
    expect(isOnline(closed, NOW)).toBe(false);
    expect(totemPresence(closed, NOW)).toBe('offline');
  });

  it('is offline without a stream nor a heartbeat, however recent its last sign', () => {
    expect(totemPresence(facts({ lastSeenAt: ago(0) }), NOW)).toBe('offline');
  });
});

describe('totemPresence', () => {
  it('is silent strictly past the threshold, offline at it', () => {
    expect(totemPresence(facts({ lastSeenAt: ago(FLEET_SILENT_FLAG_MS) }), NOW)).toBe('offline');
    expect(totemPresence(facts({ lastSeenAt: ago(FLEET_SILENT_FLAG_MS + 1) }), NOW)).toBe('silent');
  });

  it('takes the threshold as a parameter', () => {
    const tenMinutes = facts({ lastSeenAt: ago(10 * 60_000) });
    expect(totemPresence(tenMinutes, NOW, { silentAfterMs: 5 * 60_000 })).toBe('silent');
    expect(totemPresence(tenMinutes, NOW, { silentAfterMs: 60 * 60_000 })).toBe('offline');
  });

  it('is outside opening hours when not online while closed, silent or not', () => {
    const closed = { openNow: false };
    expect(totemPresence(facts({ lastSeenAt: ago(60_000) }), NOW, closed)).toBe('outside-hours');
    expect(totemPresence(facts({ lastSeenAt: ago(FLEET_SILENT_FLAG_MS * 10) }), NOW, closed)).toBe(
      'outside-hours',
    );
    // A totem on while closed is still online.
    expect(totemPresence(facts({ connected: true }), NOW, closed)).toBe('online');
  });

  it('is never seen without a sign of life, open or closed', () => {
    expect(totemPresence(facts({ lastSeenAt: null }), NOW)).toBe('never-seen');
    expect(totemPresence(facts({ lastSeenAt: null }), NOW, { openNow: false })).toBe('never-seen');
  });

  it('gives only values of the wire schema', () => {
    for (const value of Object.keys(PRESENCE_LABELS)) {
      expect(Value.Check(TotemPresence, value)).toBe(true);
    }
    expect(Value.Check(TotemPresence, 'idle')).toBe(false);
  });
});

describe('presenceText', () => {
  const format = (iso: string) => `<${iso.slice(11, 16)}>`;
  const entry = {
    contentVersion: 12,
    lastSeenAt: '2026-11-27T13:03:00.000Z',
    firstSeenAt: '2026-11-27T09:15:00.000Z',
  };

  it('says each state in French words', () => {
    expect(presenceText({ ...entry, presence: 'online' }, format)).toBe('En ligne');
    expect(presenceText({ ...entry, presence: 'offline' }, format)).toBe(
      'Hors ligne — affiche la révision 12 depuis le <13:03>',
    );
    expect(presenceText({ ...entry, presence: 'offline', contentVersion: null }, format)).toBe(
      'Hors ligne depuis le <13:03> — jamais synchronisé',
    );
    expect(presenceText({ ...entry, presence: 'silent' }, format)).toBe(
      'Silencieux — aucune nouvelle depuis le <13:03>',
    );
    expect(presenceText({ ...entry, presence: 'outside-hours' }, format)).toBe(
      'Hors des heures d’ouverture',
    );
    expect(presenceText({ ...entry, presence: 'never-seen' }, format)).toBe(
      'Jamais vu — identifié le <09:15>, aucun rapport depuis',
    );
  });

  it('formats the time as told (the plant’s zone is the caller’s)', () => {
    const paris = (iso: string) =>
      new Intl.DateTimeFormat('fr-FR', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'Europe/Paris',
      }).format(new Date(iso));
    expect(presenceText({ ...entry, presence: 'offline' }, paris)).toBe(
      'Hors ligne — affiche la révision 12 depuis le 27/11/2026 14:03',
    );
  });
});

describe('presenceOf', () => {
  it('reads the field, or an older server’s state and flag', () => {
    expect(presenceOf({ presence: 'never-seen', state: 'offline', flag: null })).toBe('never-seen');
    expect(presenceOf({ state: 'online', flag: null })).toBe('online');
    expect(presenceOf({ state: 'offline', flag: 'silent' })).toBe('silent');
    expect(presenceOf({ state: 'offline', flag: 'behind' })).toBe('offline');
  });
});
