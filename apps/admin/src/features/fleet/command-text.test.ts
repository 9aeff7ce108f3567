import type { KioskStatus } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { seenText } from './command-text';

const NOW = Date.parse('2026-11-27T15:00:00Z');
const status = (presence: KioskStatus['presence'], lastSeenAt: string) =>
  ({ presence, lastSeenAt, state: presence === 'online' ? 'online' : 'offline' }) as KioskStatus;

describe('« Vu »', () => {
  it('says « maintenant » for an online totem, whatever time its last change carried', () => {
    // The live channel does not resend each heartbeat's time: a 20-minute-old time is no news.
    expect(seenText(status('online', '2026-11-27T14:40:00Z'), NOW, 'Europe/Paris')).toBe(
      'maintenant',
    );
  });

  it('says how long ago for the others, and « jamais » before a first report', () => {
    expect(seenText(status('offline', '2026-11-27T14:40:00Z'), NOW, 'Europe/Paris')).toBe(
      'il y a 20 min',
    );
    expect(seenText(status('never-seen', '2026-11-27T14:40:00Z'), NOW, 'Europe/Paris')).toBe(
      'jamais',
    );
  });
});
