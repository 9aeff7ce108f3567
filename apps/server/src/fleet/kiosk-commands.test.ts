/**
 * Remote commands (issue 47; the contract's kiosk-commands.ts): a request to one totem, a group or
 * all makes one command per totem, written to that totem's open stream alone or queued until it
 * connects (once, oldest first, never once expired); the totem acknowledges it (the first wins, a
 * token of another totem is refused with nothing recorded); the history, the fleet's last command,
 * rights, the 400s and 404s, and forgetting. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`), with real streams (the app listens on a free port).
 */
import type { AddressInfo } from 'node:net';
import {
  hashPasswordForLogin,
  KIOSK_COMMAND_AUDIT_ACTION,
  pathOf,
  TOKEN_HEADER,
  type Envelope,
  type KioskCommand,
  type KioskCommandAck,
  type KioskCommandBatch,
  type KioskCommandRequest,
  type KioskHeartbeat,
  type KioskStatus,
  type LoginResponse,
  type StreamEvent,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { DEMO_PASSWORD, FIXTURE_NOW, OTHER_PASSWORD } from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';
import { KIOSK_COMMAND_MESSAGES } from './kiosk-commands.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
let base: string;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});
const streams: StreamClient[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  f.clock.now = new Date(FIXTURE_NOW);
});

interface Totem {
  devid: number;
  token: string;
  kioskId: string;
}

/** A totem logging in: the server names it (a kiosk_identities row, no fleet entry yet). */
async function login(devid: number = f.ids.devid): Promise<Totem> {
  const other = devid === f.ids.otherDevid;
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: other ? 'autre-usine' : 'neubourg',
      loginRequest: {
        login: 'kiosk',
        password: hashPasswordForLogin(other ? OTHER_PASSWORD : DEMO_PASSWORD),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, kioskId } = response.json<Envelope<LoginResponse>>().data!;
  return { devid, token, kioskId: kioskId! };
}

const report = (kioskId: string): KioskHeartbeat => ({
  kioskId,
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '1.2.3',
  contentVersion: null,
  lastSyncAt: null,
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
});

async function heartbeat(totem: Totem): Promise<void> {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: totem.devid } }),
    headers: { [TOKEN_HEADER]: totem.token },
    payload: report(totem.kioskId),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The totem's stream, open (its `retry:` line read). */
async function stream(totem: Totem): Promise<StreamClient> {
  const client = await openStream(
    `${base}${pathOf('stream', { params: { devid: totem.devid }, query: { token: totem.token, kioskId: totem.kioskId } })}`,
  );
  streams.push(client);
  expect(client.status).toBe(200);
  await client.waitFor((text) => text.includes('retry:'));
  return client;
}

/** The command ids a stream received, in order. */
function received(client: StreamClient): number[] {
  return client
    .text()
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as StreamEvent)
    .flatMap((message) => (message.type === 'command' ? [message.command.commandId] : []));
}

const waitForCommand = (client: StreamClient, commandId: number) =>
  client.waitFor(() => received(client).includes(commandId));

const sendPath = (devid: number = f.ids.devid) =>
  pathOf('adminSendKioskCommand', { params: { devid } });

async function send(
  request: KioskCommandRequest,
  client: AdminClient = editor,
  devid: number = f.ids.devid,
): Promise<KioskCommandBatch> {
  const response = await client.post(sendPath(devid), request);
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskCommandBatch>(response);
}

const toKiosk = (totem: Totem, kind: KioskCommandRequest['kind'] = 'reload') =>
  ({ kind, target: { kind: 'kiosk', kioskId: totem.kioskId } }) satisfies KioskCommandRequest;

const ack = (totem: Totem, commandId: number, body: KioskCommandAck, devid = totem.devid) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('kioskCommandAck', { params: { devid, commandId } }),
    headers: { [TOKEN_HEADER]: totem.token },
    payload: body,
  });

async function history(
  query: { kioskId?: string; limit?: number } = {},
  client: AdminClient = editor,
): Promise<KioskCommand[]> {
  const response = await client.get(
    pathOf('adminKioskCommands', { params: { devid: f.ids.devid }, query }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskCommand[]>(response);
}

const commandOf = async (commandId: number) =>
  (await history({ limit: 500 })).find((command) => command.commandId === commandId)!;

describe('sending', () => {
  it('writes a command to the open stream of its totem alone, sent at once; audited', async () => {
    const totem = await login();
    const neighbour = await login();
    await heartbeat(totem);
    await f.repos.kioskProfiles.save(
      f.ids.devid,
      totem.kioskId,
      { name: 'Hall d’accueil', location: 'Bâtiment A', groups: [], note: null },
      1,
      f.clock.now,
    );
    const mine = await stream(totem);
    const theirs = await stream(neighbour);
    const response = await editor.post(sendPath(), toKiosk(totem, 'identify'));
    expect(response.statusCode, response.body).toBe(200);
    const envelope = response.json<Envelope<KioskCommandBatch>>();
    expect(envelope.message).toBe(KIOSK_COMMAND_MESSAGES.sent(1, 1));
    const [command] = envelope.data!.commands;
    expect(command).toMatchObject({
      devid: f.ids.devid,
      kioskId: totem.kioskId,
      kind: 'identify',
      mode: null,
      state: 'sent',
      createdBy: 'editrice',
      batchId: envelope.data!.batchId,
    });
    expect(Date.parse(command!.expiresAt) - f.clock.now.getTime()).toBe(60 * 60_000);
    await waitForCommand(mine, command!.commandId);
    const message = mine
      .text()
      .split('\n')
      .find((line) => line.includes('"type":"command"'))!;
    expect(JSON.parse(message.slice(6))).toEqual({
      type: 'command',
      devid: f.ids.devid,
      kioskId: totem.kioskId,
      command: {
        commandId: command!.commandId,
        kind: 'identify',
        expiresAt: command!.expiresAt,
        name: 'Hall d’accueil',
        location: 'Bâtiment A',
      },
    });
    // The neighbour's stream gets its own command, and only that one.
    const [next] = (await send(toKiosk(neighbour))).commands;
    await waitForCommand(theirs, next!.commandId);
    expect(received(theirs)).toEqual([next!.commandId]);
    expect(received(mine)).toEqual([command!.commandId]);
    expect((await commandOf(command!.commandId)).state).toBe('sent');
    const entries = await f.repos.audit.list({ devid: f.ids.devid, limit: 50 });
    const audited = entries.find(
      (entry) =>
        entry.action === KIOSK_COMMAND_AUDIT_ACTION &&
        JSON.stringify(entry.summary).includes(totem.kioskId),
    );
    expect(audited?.summary).toMatchObject({
      kind: 'identify',
      target: { kind: 'kiosk', kioskId: totem.kioskId },
      count: 1,
    });
  });

  it('a group (ignoring case) makes one command per totem in it, one batch', async () => {
    const [a, b, c] = [await login(), await login(), await login()];
    for (const totem of [a, b, c]) await heartbeat(totem);
    const profile = (groups: string[]) => ({ name: null, location: null, groups, note: null });
    await f.repos.kioskProfiles.save(f.ids.devid, a.kioskId, profile(['Ateliers']), 1, f.clock.now);
    await f.repos.kioskProfiles.save(
      f.ids.devid,
      b.kioskId,
      profile(['ateliers', 'X']),
      1,
      f.clock.now,
    );
    await f.repos.kioskProfiles.save(f.ids.devid, c.kioskId, profile(['Accueil']), 1, f.clock.now);
    const batch = await send({
      kind: 'set-mode',
      mode: 'Assemblage',
      target: { kind: 'group', group: ' ATELIERS ' },
    });
    expect(batch.commands.map((command) => command.kioskId).sort()).toEqual(
      [a.kioskId, b.kioskId].sort(),
    );
    for (const command of batch.commands) {
      expect(command).toMatchObject({
        batchId: batch.batchId,
        mode: 'Assemblage',
        state: 'pending',
      });
    }
    const none = await editor.post(sendPath(), {
      kind: 'reload',
      target: { kind: 'group', group: 'Inconnu' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json<Envelope<null>>().message).toBe(KIOSK_COMMAND_MESSAGES.emptyGroup('Inconnu'));
  });

  it('all: every known totem of the development, and only of it; 404 when it has none', async () => {
    await login(f.ids.otherDevid);
    const reporting = await login();
    await heartbeat(reporting);
    const known = await f.repos.kioskCommands.knownKiosks(f.ids.devid);
    const batch = await send({ kind: 'resync', target: { kind: 'all' } }, admin);
    expect(batch.commands.map((command) => command.kioskId).sort()).toEqual(known);
    expect(known).toContain(reporting.kioskId);
    expect(new Set(batch.commands.map((command) => command.batchId))).toEqual(
      new Set([batch.batchId]),
    );
    const empty = await f.repos.developments.create('sans-totems', f.clock.now);
    const none = await admin.post(sendPath(empty.devid), {
      kind: 'reload',
      target: { kind: 'all' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json<Envelope<null>>().message).toBe(KIOSK_COMMAND_MESSAGES.noKiosk);
  });

  it('refuses another development’s editor and totem (403), unknown totems (404), a wrong mode (400)', async () => {
    const totem = await login();
    const foreign = await login(f.ids.otherDevid);
    expect((await otherEditor.post(sendPath(), toKiosk(totem))).statusCode).toBe(403);
    const elsewhere = await editor.post(sendPath(), toKiosk(foreign));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json<Envelope<null>>().message).toBe(KIOSK_COMMAND_MESSAGES.otherDevelopment);
    const unknown = await editor.post(sendPath(), {
      kind: 'reload',
      target: { kind: 'kiosk', kioskId: 'jamais-vu' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Envelope<null>>().message).toBe(KIOSK_COMMAND_MESSAGES.unknownKiosk);
    const noMode = await editor.post(sendPath(), toKiosk(totem, 'set-mode'));
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json<Envelope<null>>().message).toBe(KIOSK_COMMAND_MESSAGES.modeMissing);
    const extraMode = await editor.post(sendPath(), { ...toKiosk(totem), mode: 'visiteur' });
    expect(extraMode.statusCode).toBe(400);
    expect(extraMode.json<Envelope<null>>().message).toBe(
      KIOSK_COMMAND_MESSAGES.modeRefused('Recharger la page'),
    );
    const badMode = await editor.post(sendPath(), {
      ...toKiosk(totem, 'set-mode'),
      mode: 'Peinture',
    });
    expect(badMode.statusCode).toBe(400);
    const forgotten = await login();
    await heartbeat(forgotten);
    const forget = await editor.delete(
      pathOf('adminForgetKiosk', { params: { devid: f.ids.devid, kioskId: forgotten.kioskId } }),
    );
    expect(forget.statusCode, forget.body).toBe(200);
    expect((await editor.post(sendPath(), toKiosk(forgotten))).statusCode).toBe(404);
    // Nothing was made by the refusals.
    expect(
      await f.repos.kioskCommands.list(f.ids.devid, { kioskId: totem.kioskId, limit: 10 }),
    ).toEqual([]);
  });
});

describe('the queue', () => {
  it('an offline totem gets its commands when it connects: once, oldest first, never expired', async () => {
    const totem = await login();
    const [lapsing] = (await send({ ...toKiosk(totem), expiresInMinutes: 1 })).commands;
    const [first] = (await send(toKiosk(totem, 'resync'))).commands;
    const [second] = (await send({ ...toKiosk(totem, 'set-mode'), mode: 'visiteur' })).commands;
    expect([lapsing, first, second].map((command) => command!.state)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    f.clock.now = new Date(FIXTURE_NOW.getTime() + 2 * 60_000);
    const online = await stream(totem);
    await waitForCommand(online, second!.commandId);
    expect(received(online)).toEqual([first!.commandId, second!.commandId]);
    const states = await history({ kioskId: totem.kioskId });
    expect(states.map((command) => [command.commandId, command.state])).toEqual([
      [second!.commandId, 'sent'],
      [first!.commandId, 'sent'],
      [lapsing!.commandId, 'expired'],
    ]);
    online.close();

    // Acknowledged commands are never sent again; a new one waiting is, alone.
    for (const command of [first!, second!]) {
      expect((await ack(totem, command.commandId, { status: 'done' })).statusCode).toBe(200);
    }
    const [third] = (await send(toKiosk(totem, 'rebuild'))).commands;
    const again = await stream(totem);
    await waitForCommand(again, third!.commandId);
    expect(received(again)).toEqual([third!.commandId]);
    // Past its expiry a command is not sent any more, even one already sent once.
    again.close();
    f.clock.now = new Date(Date.parse(third!.expiresAt) + 1);
    const late = await stream(totem);
    const [fresh] = (await send(toKiosk(totem, 'identify'))).commands;
    await waitForCommand(late, fresh!.commandId);
    expect(received(late)).not.toContain(third!.commandId);
    expect((await commandOf(third!.commandId)).state).toBe('expired');
  });
});

describe('acknowledgements', () => {
  it('records done or failed, the first one only; refuses another totem’s token with nothing recorded', async () => {
    const totem = await login();
    const other = await login();
    const foreign = await login(f.ids.otherDevid);
    const [done] = (await send(toKiosk(totem))).commands;
    const [failed] = (await send({ ...toKiosk(totem, 'set-mode'), mode: 'Moulage' })).commands;

    const refused = await ack(other, done!.commandId, { status: 'done' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().message).toBe(KIOSK_COMMAND_MESSAGES.notYourCommand);
    expect((await commandOf(done!.commandId)).state).toBe('pending');
    // Another development's token: refused for this development, unknown in its own.
    expect((await ack(foreign, done!.commandId, { status: 'done' }, f.ids.devid)).statusCode).toBe(
      403,
    );
    expect((await ack(foreign, done!.commandId, { status: 'done' })).statusCode).toBe(404);
    expect((await ack(totem, 999_999, { status: 'done' })).statusCode).toBe(404);

    f.clock.now = new Date(FIXTURE_NOW.getTime() + 5_000);
    const first = await ack(totem, done!.commandId, { status: 'done' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Envelope<KioskCommandAck>>()).toMatchObject({
      data: { status: 'done' },
      message: KIOSK_COMMAND_MESSAGES.acked,
    });
    const repeat = await ack(totem, done!.commandId, { status: 'failed', reason: 'trop tard' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json<Envelope<KioskCommandAck>>()).toMatchObject({
      data: { status: 'done' },
      message: KIOSK_COMMAND_MESSAGES.alreadyAcked,
    });
    expect(await commandOf(done!.commandId)).toMatchObject({
      state: 'done',
      reason: null,
      ackedAt: f.clock.now.toISOString(),
    });

    const no = await ack(totem, failed!.commandId, { status: 'failed', reason: 'Mode inconnu' });
    expect(no.json<Envelope<KioskCommandAck>>().data).toEqual({
      status: 'failed',
      reason: 'Mode inconnu',
    });
    expect(await commandOf(failed!.commandId)).toMatchObject({
      state: 'failed',
      reason: 'Mode inconnu',
    });
  });

  it('an acknowledgement after the expiry is still recorded', async () => {
    const totem = await login();
    const [command] = (await send({ ...toKiosk(totem), expiresInMinutes: 1 })).commands;
    f.clock.now = new Date(FIXTURE_NOW.getTime() + 2 * 60_000);
    expect((await commandOf(command!.commandId)).state).toBe('expired');
    expect((await ack(totem, command!.commandId, { status: 'done' })).statusCode).toBe(200);
    expect((await commandOf(command!.commandId)).state).toBe('done');
  });
});

describe('the history and the fleet', () => {
  it('lists newest first, by totem, bounded; for the development’s users only', async () => {
    const totem = await login();
    const sent = [];
    for (const kind of ['reload', 'resync', 'rebuild'] as const) {
      sent.push((await send(toKiosk(totem, kind))).commands[0]!.commandId);
    }
    expect((await history({ kioskId: totem.kioskId })).map((c) => c.commandId)).toEqual(
      sent.reverse(),
    );
    expect(await history({ kioskId: totem.kioskId, limit: 1 }, admin)).toHaveLength(1);
    const all = await history();
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((c) => c.commandId)).toEqual(
      [...all.map((c) => c.commandId)].sort((a, b) => b - a),
    );
    const refused = await otherEditor.get(
      pathOf('adminKioskCommands', { params: { devid: f.ids.devid } }),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('each fleet entry carries its totem’s latest command; forgetting the totem deletes its commands', async () => {
    const totem = await login();
    const quiet = await login();
    await heartbeat(totem);
    await heartbeat(quiet);
    await send(toKiosk(totem));
    const [latest] = (await send({ ...toKiosk(totem, 'set-mode'), mode: 'Assemblage' })).commands;
    await ack(totem, latest!.commandId, { status: 'failed', reason: 'Écran occupé' });
    const fleet = data<KioskStatus[]>(
      await editor.get(pathOf('adminFleet', { query: { devid: f.ids.devid } })),
    );
    const entry = fleet.find((status) => status.kioskId === totem.kioskId)!;
    expect(entry.lastCommand).toEqual({
      commandId: latest!.commandId,
      kind: 'set-mode',
      mode: 'Assemblage',
      state: 'failed',
      reason: 'Écran occupé',
      createdAt: latest!.createdAt,
      ackedAt: f.clock.now.toISOString(),
    });
    expect(fleet.find((status) => status.kioskId === quiet.kioskId)!.lastCommand).toBeNull();

    const forget = await editor.delete(
      pathOf('adminForgetKiosk', { params: { devid: f.ids.devid, kioskId: totem.kioskId } }),
    );
    expect(forget.statusCode, forget.body).toBe(200);
    expect(await history({ kioskId: totem.kioskId })).toEqual([]);
  });

  it('a totem never seen after its login is swept with its commands', async () => {
    const ghost = await login();
    await send(toKiosk(ghost));
    expect(await history({ kioskId: ghost.kioskId })).toHaveLength(1);
    f.clock.now = new Date(FIXTURE_NOW.getTime() + 25 * 3_600_000);
    await login(); // a login sweeps the identities never seen
    // Read from the store: the back-office sessions of this suite do not last a day.
    expect(
      await f.repos.kioskCommands.list(f.ids.devid, { kioskId: ghost.kioskId, limit: 10 }),
    ).toEqual([]);
  });
});
