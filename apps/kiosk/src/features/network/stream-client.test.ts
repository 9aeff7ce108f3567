import type { CommandMessage, StreamMessage } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  createStreamClient,
  parseAlertMessage,
  parseCommandMessage,
  parseStreamMessage,
} from './stream-client';
import { FakeEventSource } from './testing/fake-event-source';

function setup() {
  const onOpen = vi.fn();
  const messages: StreamMessage[] = [];
  const connected: boolean[] = [];
  const client = createStreamClient({
    url: () => 'http://kiosk.test/stream/7?token=t&kioskId=k',
    devid: 7,
    createEventSource: (url) => new FakeEventSource(url),
    random: () => 0.5,
    onOpen,
    onMessage: (message) => messages.push(message),
    onConnectedChange: (value) => connected.push(value),
  });
  return { client, onOpen, messages, connected };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('parseAlertMessage (emergency alerts, decision 012)', () => {
  it('reads an alert or its end, and nothing else', () => {
    const alert = {
      templateid: 1,
      templateName: 'Évacuation',
      kind: 'evacuation',
      drill: false,
      startedAt: '2026-11-25T10:00:00.000Z',
      startedBy: 'api',
      maxDurationMinutes: 120,
    };
    expect(parseAlertMessage(JSON.stringify({ type: 'alert', devid: 1, alert }))).toEqual({
      type: 'alert',
      devid: 1,
      alert,
    });
    expect(parseAlertMessage('{"type":"alert","devid":1,"alert":null}')).toEqual({
      type: 'alert',
      devid: 1,
      alert: null,
    });
    expect(parseAlertMessage('{"type":"sync","devid":1}')).toBeNull();
    expect(parseAlertMessage('{"type":"alert","devid":1,"alert":{"templateid":1}}')).toBeNull();
    expect(parseAlertMessage('nonsense')).toBeNull();
  });
});

describe('parseCommandMessage (remote commands, issue 47)', () => {
  const command = {
    commandId: 12,
    kind: 'identify',
    expiresAt: '2026-11-27T16:00:00.000Z',
    name: 'Totem hall',
    location: null,
  };
  const message = { type: 'command', devid: 1, kioskId: 'k-1', command };

  it('reads a command, with its mode, name and place', () => {
    expect(parseCommandMessage(JSON.stringify(message))).toEqual(message);
    const setMode = {
      ...message,
      command: { commandId: 3, kind: 'set-mode', mode: 'visiteur', expiresAt: command.expiresAt },
    };
    expect(parseCommandMessage(JSON.stringify(setMode))).toEqual(setMode);
  });

  it('refuses junk: another type, a missing or bad field, an unknown kind or mode', () => {
    const variants: unknown[] = [
      'nonsense',
      { ...message, type: 'sync' },
      { ...message, devid: '1' },
      { ...message, kioskId: 5 },
      { ...message, command: null },
      { ...message, command: { ...command, commandId: 0 } },
      { ...message, command: { ...command, commandId: '12' } },
      { ...message, command: { ...command, kind: 'format-disk' } },
      { ...message, command: { ...command, expiresAt: 'tomorrow' } },
      { ...message, command: { ...command, mode: 'Peinture' } },
      { ...message, command: { ...command, kind: 'set-mode' } },
    ];
    for (const variant of variants)
      expect(
        parseCommandMessage(typeof variant === 'string' ? variant : JSON.stringify(variant)),
      ).toBeNull();
  });

  it('leaves the other messages to their parsers', () => {
    expect(parseStreamMessage(JSON.stringify(message))).toBeNull();
    expect(parseAlertMessage(JSON.stringify(message))).toBeNull();
  });
});

describe('stream client', () => {
  it('opens one stream while online and closes it when offline', () => {
    const { client, connected } = setup();
    expect(FakeEventSource.instances).toHaveLength(0);
    client.setOnline(true);
    client.setOnline(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.last.url).toBe('http://kiosk.test/stream/7?token=t&kioskId=k');
    FakeEventSource.last.open();
    expect(client.isConnected()).toBe(true);

    client.setOnline(false);
    expect(FakeEventSource.last.closed).toBe(true);
    expect(client.isConnected()).toBe(false);
    expect(connected).toEqual([true, false]);
    client.stop();
  });

  it('reports each (re)open so the kiosk can catch up with a sync', () => {
    const { client, onOpen } = setup();
    client.setOnline(true);
    FakeEventSource.last.open();
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(1000);
    FakeEventSource.last.open();
    expect(onOpen).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('passes on messages of its development only, and ignores malformed ones', () => {
    const { client, messages } = setup();
    client.setOnline(true);
    const source = FakeEventSource.last;
    source.open();
    source.send({ devid: 7, type: 'sync', version: 4 });
    source.send({ devid: 7, type: 'sync', revision: 5 });
    source.send({ devid: 8, type: 'sync' });
    source.send({ devid: 7, type: 'zone', zoneid: 3 });
    source.send({ devid: 7, type: 'element', elementid: 11, zoneid: 1 });
    source.send({ devid: 7, type: 'profile', kioskId: 'k-1' });
    source.send('not json');
    source.send({ devid: 7, type: 'reboot' });
    expect(messages).toEqual([
      { devid: 7, type: 'sync', version: 4 },
      { devid: 7, type: 'sync', revision: 5 },
      { devid: 7, type: 'zone', zoneid: 3 },
      { devid: 7, type: 'element', elementid: 11, zoneid: 1 },
      { devid: 7, type: 'profile', kioskId: 'k-1' },
    ]);
    client.stop();
  });

  it('hands commands of its development to onCommand, never to onMessage', () => {
    const commands: CommandMessage[] = [];
    const messages: StreamMessage[] = [];
    const client = createStreamClient({
      url: () => 'http://kiosk.test/stream/7',
      devid: 7,
      createEventSource: (url) => new FakeEventSource(url),
      onMessage: (message) => messages.push(message),
      onCommand: (message) => commands.push(message),
    });
    client.setOnline(true);
    FakeEventSource.last.open();
    const command = { commandId: 4, kind: 'reload', expiresAt: '2026-11-27T16:00:00.000Z' };
    FakeEventSource.last.send({ type: 'command', devid: 7, kioskId: 'k-1', command });
    FakeEventSource.last.send({ type: 'command', devid: 8, kioskId: 'k-1', command });
    FakeEventSource.last.send({ type: 'command', devid: 7, kioskId: 'k-1', command: {} });
    expect(commands).toEqual([{ type: 'command', devid: 7, kioskId: 'k-1', command }]);
    expect(messages).toEqual([]);
    client.stop();
  });

  it('reconnects with exponential backoff up to 30 s, reset after a successful open', () => {
    const { client } = setup();
    client.setOnline(true);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const count = FakeEventSource.instances.length;
      FakeEventSource.last.fail();
      expect(FakeEventSource.open).toHaveLength(0);
      let waited = 0;
      while (FakeEventSource.instances.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);

    FakeEventSource.last.open();
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.open).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.open).toHaveLength(1);
    client.stop();
  });

  it('waits for a URL that takes a request (a stream ticket); its failure is a failed attempt', async () => {
    const tickets: Array<{ resolve: (url: string) => void; reject: (error: Error) => void }> = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createStreamClient({
      url: () =>
        new Promise<string>((resolve, reject) => {
          tickets.push({ resolve, reject });
        }),
      devid: 7,
      createEventSource: (url) => new FakeEventSource(url),
      random: () => 0.5,
    });
    client.setOnline(true);
    client.setOnline(true);
    expect(tickets).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(0);

    // The ticket request fails: retried after the backoff, like a failed stream.
    tickets[0]!.reject(new Error('HTTP 503'));
    await vi.advanceTimersByTimeAsync(999);
    expect(tickets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tickets).toHaveLength(2);
    tickets[1]!.resolve('http://kiosk.test/stream/7?ticket=t2');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.last.url).toBe('http://kiosk.test/stream/7?ticket=t2');

    // A failed stream asks a new URL; one that answers after going offline opens nothing.
    FakeEventSource.last.fail();
    await vi.advanceTimersByTimeAsync(2000);
    expect(tickets).toHaveLength(3);
    client.setOnline(false);
    tickets[2]!.resolve('http://kiosk.test/stream/7?ticket=late');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.instances).toHaveLength(1);

    // Back online: a fresh attempt at once (not held up by the dropped one).
    client.setOnline(true);
    expect(tickets).toHaveLength(4);
    client.stop();
    tickets[3]!.resolve('http://kiosk.test/stream/7?ticket=after-stop');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('adds up to ±20 % jitter, never beyond 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 0.999999)).toBe(1200);
    expect(backoffDelay(3, () => 0.5)).toBe(8000);
    expect(backoffDelay(10, () => 0.999999)).toBe(30_000);
    expect(backoffDelay(10, () => 0)).toBe(24_000);
  });

  it('does not reconnect while offline, and stop() leaves no timer or connection', () => {
    const { client } = setup();
    client.setOnline(true);
    FakeEventSource.last.fail();
    expect(vi.getTimerCount()).toBe(1);
    client.setOnline(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    client.setOnline(true);
    FakeEventSource.last.fail();
    client.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(FakeEventSource.open).toHaveLength(0);
    client.setOnline(true);
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
