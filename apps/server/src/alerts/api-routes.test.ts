import type { AddressInfo } from 'node:net';
import {
  type AlertMessage,
  type AlertState,
  type Envelope,
  type Snapshot,
  type StreamEvent,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryEventBus } from '../lib/event-bus.js';
import { TEST_SCRYPT_COST } from '../lib/passwords.js';
import {
  TEST_ALERT_TOKEN,
  TEST_PUBLISH_TOKEN,
  createFixture,
  publishDraftDirectly,
  testSecrets,
  type Fixture,
} from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';

let f: Fixture;
let base: string;
const clients: StreamClient[] = [];
let evacuation: number;
let confinement: number;

const TEMPLATE = {
  instructionsFr: 'Sortez.',
  instructionsEn: 'Get out.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: 'Fin de l’alerte',
  endTextEn: 'All clear',
} as const;

beforeAll(async () => {
  f = await createFixture({ app: { streamOptions: { heartbeatMs: 100 } } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
  evacuation = await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    ...TEMPLATE,
    name: 'Évacuation',
    kind: 'evacuation',
    titleFr: 'Évacuation',
    titleEn: 'Evacuation',
  });
  confinement = await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    ...TEMPLATE,
    name: 'Confinement',
    kind: 'confinement',
    titleFr: 'Confinement',
    titleEn: 'Shelter in place',
    maxDurationMinutes: 30,
  });
  // Straight through the repository: the route tests of publishing are elsewhere.
  await publishDraftDirectly(f.repos, f.ids.devid);
});
beforeEach(async () => {
  await call('DELETE');
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await f.close();
});

async function publish(): Promise<Response> {
  return fetch(base + pathOf('publish', { params: { devid: f.ids.devid } }), {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: '{}',
  });
}

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  body?: object,
  options: { token?: string | null; devid?: number; base?: string } = {},
): Promise<{ status: number; body: Envelope<AlertState> }> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? TEST_ALERT_TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(
    (options.base ?? base) +
      pathOf('alertGet', { params: { devid: options.devid ?? f.ids.devid } }),
    {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    },
  );
  return { status: response.status, body: (await response.json()) as Envelope<AlertState> };
}

const alertsIn = (text: string): AlertMessage[] =>
  text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice('data: '.length)) as StreamEvent)
    .filter((message): message is AlertMessage => message.type === 'alert');

async function connect(at = base): Promise<StreamClient> {
  const client = await openStream(
    at + pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } }),
  );
  clients.push(client);
  return client;
}

async function auditActions(): Promise<string[]> {
  const entries = await f.repos.audit.list({ devid: f.ids.devid, limit: 100 });
  return entries.map((entry) => entry.action);
}

describe('/api/alerts/:devid', () => {
  it('starts, tells and ends an alert, auditing each change', async () => {
    const started = await call('POST', { template: 'Évacuation' });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      changed: true,
      alert: {
        templateid: evacuation,
        templateName: 'Évacuation',
        kind: 'evacuation',
        drill: false,
      },
    });
    expect(started.body.data?.alert?.maxDurationMinutes).toBe(120);
    expect((await call('GET')).body.data?.alert?.templateid).toBe(evacuation);

    const ended = await call('DELETE');
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ alert: null, changed: true });
    expect((await call('GET')).body.data).toMatchObject({ alert: null, changed: false });
    const actions = await auditActions();
    expect(actions.slice(0, 2)).toEqual(['alert.end', 'alert.start']);
  });

  it('takes a template by id and by name, whatever its case', async () => {
    expect(
      (await call('POST', { template: confinement, drill: true })).body.data?.alert,
    ).toMatchObject({ templateid: confinement, drill: true, maxDurationMinutes: 30 });
    expect((await call('POST', { template: 'évacuation' })).body.data?.alert?.templateid).toBe(
      evacuation,
    );
  });

  it('is idempotent for the same alert; another template of the same kind only with replace', async () => {
    const first = await call('POST', { template: 'Évacuation' });
    const again = await call('POST', { template: 'Évacuation' });
    expect(again.status).toBe(200);
    expect(again.body.data?.changed).toBe(false);
    expect(again.body.data?.alert?.startedAt).toBe(first.body.data?.alert?.startedAt);
    expect(again.body.message).toMatch(/déjà en cours/);

    // The replacement rule (decision 027): 409 naming the alert in force, nothing sent.
    const stream = await connect();
    const refused = await call('POST', { template: 'Confinement' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('conflict');
    expect(refused.body.data).toMatchObject({ changed: false, alert: { templateid: evacuation } });
    expect(refused.body.message).toMatch(
      /^Une alerte réelle est en cours : « Évacuation », déclenchée par api à \d\d:\d\d\. .*"replace": true/,
    );
    expect((await auditActions())[0]).toBe('alert.refused');
    expect((await call('POST', { template: 'Confinement', replace: false })).status).toBe(409);

    const replaced = await call('POST', { template: 'Confinement', replace: true });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ changed: true, alert: { templateid: confinement } });
    expect(replaced.body.message).toMatch(/remplace l’alerte « Évacuation »/);
    expect((await auditActions())[0]).toBe('alert.replace');
    // The totems heard the replacement only: the refused call sent nothing.
    await stream.waitFor((text) => alertsIn(text).some((m) => m.alert?.templateid === confinement));
    expect(alertsIn(stream.text()).map((m) => m.alert?.templateid ?? null)).toEqual([
      evacuation,
      confinement,
    ]);
  });

  it('never lets a drill mask a real alert, and always lets a real alert replace a drill', async () => {
    await call('POST', { template: 'Évacuation' });
    for (const body of [
      { template: 'Évacuation', drill: true },
      { template: 'Confinement', drill: true },
      { template: 'Confinement', drill: true, replace: true },
    ]) {
      const drill = await call('POST', body);
      expect(drill.status, JSON.stringify(body)).toBe(409);
      expect(drill.body.message).toMatch(/Un exercice ne remplace jamais une alerte réelle/);
      expect(drill.body.data?.alert).toMatchObject({ templateid: evacuation, drill: false });
    }
    expect((await call('GET')).body.data?.alert).toMatchObject({ drill: false });

    await call('DELETE');
    await call('POST', { template: 'Confinement', drill: true });
    // Another drill: the same-kind rule.
    expect((await call('POST', { template: 'Évacuation', drill: true })).status).toBe(409);
    // A real alert, same template or another, without replace: it replaces the drill.
    const real = await call('POST', { template: 'Confinement' });
    expect(real.status).toBe(200);
    expect(real.body.data).toMatchObject({ changed: true, alert: { drill: false } });
    expect(real.body.message).toMatch(/remplace l’exercice « Confinement »/);
    await call('DELETE');
    await call('POST', { template: 'Confinement', drill: true });
    expect((await call('POST', { template: 'Évacuation' })).body.data?.alert).toMatchObject({
      templateid: evacuation,
      drill: false,
    });
  });

  it('answers 404 for an unknown template or development, and starts nothing', async () => {
    const unknown = await call('POST', { template: 'Tornade' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
    expect((await call('POST', { template: 999_999 })).status).toBe(404);
    expect((await call('POST', { template: 'Évacuation' }, { devid: 999_999 })).status).toBe(404);
    expect((await call('GET')).body.data?.alert).toBeNull();
  });

  it('refuses a bad body with a 400', async () => {
    expect((await call('POST', {})).status).toBe(400);
    expect((await call('POST', { template: 'Évacuation', drill: 'yes' })).status).toBe(400);
  });

  it('refuses a wrong or missing token with a 401, audited, and the publish token too', async () => {
    for (const token of ['wrong-token-0123456789', null, TEST_PUBLISH_TOKEN]) {
      const answer = await call('POST', { template: 'Évacuation' }, { token });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('unauthorized');
      expect((await call('DELETE', undefined, { token })).status).toBe(401);
    }
    expect((await call('GET')).body.data?.alert).toBeNull();
    // One address: its six refusals are one audit entry that counts them (issue 40, item 5).
    const [entry] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
    expect(entry).toMatchObject({ action: 'alert.unauthorized', count: 6 });
  });

  it('ending when no alert is in force is a 200 that says so', async () => {
    const answer = await call('DELETE');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ alert: null, changed: false, delivered: 0 });
    expect(answer.body.message).toBe('Aucune alerte en cours');
  });

  it('sends the state to a totem that connects, then every change', async () => {
    const idle = await connect();
    await idle.waitFor((text) => alertsIn(text).length === 1);
    expect(alertsIn(idle.text())).toEqual([{ type: 'alert', devid: f.ids.devid, alert: null }]);

    await call('POST', { template: 'Évacuation', drill: true });
    await idle.waitFor((text) => alertsIn(text).length === 2);
    expect(alertsIn(idle.text())[1]?.alert).toMatchObject({ templateid: evacuation, drill: true });

    const late = await connect();
    await late.waitFor((text) => alertsIn(text).length === 1);
    expect(alertsIn(late.text())[0]?.alert).toMatchObject({ templateid: evacuation, drill: true });

    await call('DELETE');
    await late.waitFor((text) => alertsIn(text).length === 2);
    expect(alertsIn(late.text())[1]?.alert).toBeNull();
  });

  it('keeps the alert across a restart: a new instance on the same store has it', async () => {
    await call('POST', { template: 'Confinement' });
    const bus = new InMemoryEventBus();
    const second = await buildApp({
      repos: f.repos,
      config: f.config,
      bus,
      secrets: testSecrets(),
      now: () => f.clock.now,
      logger: false,
      passwordCost: TEST_SCRYPT_COST,
    });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      expect(
        (await call('GET', undefined, { base: secondBase })).body.data?.alert?.templateid,
      ).toBe(confinement);
      const client = await connect(secondBase);
      await client.waitFor((text) => alertsIn(text).length === 1);
      expect(alertsIn(client.text())[0]?.alert?.templateid).toBe(confinement);
      client.close();
    } finally {
      await second.close();
      await bus.close();
    }
  });

  it('lapses after the template’s maximum duration', async () => {
    const saved = f.clock.now;
    try {
      await call('POST', { template: 'Confinement' });
      f.clock.now = new Date(saved.getTime() + 31 * 60_000);
      expect((await call('GET')).body.data?.alert).toBeNull();
    } finally {
      f.clock.now = saved;
    }
  });

  it('puts the published templates in the snapshot', async () => {
    const response = await fetch(base + pathOf('snapshot', { params: { devid: f.ids.devid } }), {
      headers: await f.auth(),
    });
    const snapshot = ((await response.json()) as Envelope<Snapshot>).data!;
    expect(snapshot.alertTemplates?.map((template) => template.name)).toEqual([
      'Évacuation',
      'Confinement',
    ]);
    expect(snapshot.alertTemplates?.[0]).toMatchObject({
      templateid: evacuation,
      titleEn: 'Evacuation',
      colour: 'rouge',
      maxDurationMinutes: 120,
    });
  });

  it('refuses a publish that would remove the template of the alert in force', async () => {
    const extra = await f.repos.alerts.createDraftTemplate(f.ids.devid, {
      ...TEMPLATE,
      name: 'Temporaire',
      kind: 'free',
      titleFr: 'Temporaire',
      titleEn: 'Temporary',
    });
    await publishDraftDirectly(f.repos, f.ids.devid);
    await call('POST', { template: 'Temporaire' });
    const revision = (await f.repos.developments.find(f.ids.devid))!.content_version;
    await f.repos.alerts.deleteDraftTemplate(extra);

    await expect(publishDraftDirectly(f.repos, f.ids.devid)).rejects.toThrow(
      /modèle d’alerte « Temporaire » est celui de l’alerte en cours/,
    );
    // Through the HTTP call: a 409 in the envelope, nothing published.
    const refused = await publish();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Envelope<null>).error).toBe('conflict');
    expect((await f.repos.developments.find(f.ids.devid))!.content_version).toBe(revision);
    expect((await f.repos.alerts.findLiveTemplate(f.ids.devid, extra))?.name).toBe('Temporaire');

    // Once the alert is over, the same publish goes through.
    await call('DELETE');
    await publishDraftDirectly(f.repos, f.ids.devid);
    expect(await f.repos.alerts.findLiveTemplate(f.ids.devid, extra)).toBeUndefined();
  });
});
