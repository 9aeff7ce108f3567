/**
 * POST /api/alerts/:devid/cap and GET …/cap/acks (issue 50): CAP 1.2 messages as a building system
 * sends them, through the app (inject), and what the alert API and the audit log say after.
 */
import { pathOf, type AlertState, type CapAcks, type Envelope } from '@plant-kiosk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_ALERT_TOKEN,
  createFixture,
  publishDraftDirectly,
  type Fixture,
} from '../testing/fixture.js';

let f: Fixture;
let evacuation: number;
let confinement: number;
let free: number;
let counter = 0;

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
  f = await createFixture();
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
  free = await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    ...TEMPLATE,
    name: 'Message libre',
    kind: 'free',
    titleFr: 'Information importante',
    titleEn: 'Important notice',
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
});
beforeEach(async () => {
  await f.app.inject({
    method: 'DELETE',
    url: pathOf('alertEnd', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
  });
});
afterAll(async () => {
  await f.close();
});

const SENDER = 'gtb@usine.example';
/** CAP's time of the fixture's clock plus `minutes`, in the plant's offset. */
const capTime = (minutes = 0) => {
  const at = new Date(f.clock.now.getTime() + minutes * 60_000 + 3_600_000);
  return `${at.toISOString().slice(0, 19)}+01:00`;
};

interface InfoInput {
  language?: string;
  event?: string;
  headline?: string;
  description?: string;
  instruction?: string;
  expires?: string;
  eventCode?: { valueName: string; value: string };
}

/** A CAP 1.2 document, in the order its schema sets. */
function capXml(
  input: {
    identifier?: string | null;
    sender?: string;
    sent?: string;
    status?: string;
    msgType?: string;
    references?: string;
    infos?: InfoInput[];
    namespace?: string;
  } = {},
): { xml: string; identifier: string; sent: string } {
  const identifier =
    input.identifier === undefined ? `gtb-${Date.now()}-${++counter}` : (input.identifier ?? '');
  const sent = input.sent ?? capTime();
  const infos = input.infos ?? [{ language: 'fr-FR', event: 'Évacuation' }];
  const info = (i: InfoInput) =>
    [
      '<info>',
      i.language ? `<language>${i.language}</language>` : '',
      '<category>Fire</category>',
      `<event>${i.event ?? 'Évacuation'}</event>`,
      '<urgency>Immediate</urgency><severity>Severe</severity><certainty>Observed</certainty>',
      i.eventCode
        ? `<eventCode><valueName>${i.eventCode.valueName}</valueName><value>${i.eventCode.value}</value></eventCode>`
        : '',
      i.expires ? `<expires>${i.expires}</expires>` : '',
      i.headline ? `<headline>${i.headline}</headline>` : '',
      i.description ? `<description>${i.description}</description>` : '',
      i.instruction ? `<instruction>${i.instruction}</instruction>` : '',
      '</info>',
    ].join('');
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alert xmlns="${input.namespace ?? 'urn:oasis:names:tc:emergency:cap:1.2'}">`,
    input.identifier === null ? '' : `<identifier>${identifier}</identifier>`,
    `<sender>${input.sender ?? SENDER}</sender>`,
    `<sent>${sent}</sent>`,
    `<status>${input.status ?? 'Exercise'}</status>`,
    `<msgType>${input.msgType ?? 'Alert'}</msgType>`,
    '<scope>Public</scope>',
    input.references ? `<references>${input.references}</references>` : '',
    ...infos.map(info),
    '</alert>',
  ].join('\n');
  return { xml, identifier, sent };
}

const ref = (message: { identifier: string; sent: string }, sender = SENDER) =>
  `${sender},${message.identifier},${message.sent}`;

async function send(
  xml: string,
  options: { token?: string | null; contentType?: string } = {},
): Promise<{ status: number; body: string; contentType: string }> {
  const token = options.token === undefined ? TEST_ALERT_TOKEN : options.token;
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('alertCap', { params: { devid: f.ids.devid } }),
    headers: {
      'content-type': options.contentType ?? 'application/cap+xml',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    payload: xml,
  });
  return {
    status: response.statusCode,
    body: response.body,
    contentType: String(response.headers['content-type']),
  };
}

const tag = (xml: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

async function inForce(): Promise<AlertState['alert']> {
  const response = await f.app.inject({
    method: 'GET',
    url: pathOf('alertGet', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
  });
  return (response.json() as Envelope<AlertState>).data!.alert;
}

async function lastAudit() {
  const [entry] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
  return entry!;
}

describe('POST /api/alerts/:devid/cap', () => {
  it('takes an Exercise as a drill and answers a CAP Ack that references it; a Cancel that references it ends it', async () => {
    const drill = capXml({ status: 'Exercise' });
    const started = await send(drill.xml);
    expect(started.status).toBe(200);
    expect(started.contentType).toContain('application/cap+xml');
    expect(tag(started.body, 'msgType')).toBe('Ack');
    expect(tag(started.body, 'status')).toBe('Exercise');
    expect(tag(started.body, 'references')).toBe(ref(drill));
    expect(tag(started.body, 'note')).toContain('Exercice « Évacuation » déclenché');
    expect(tag(started.body, 'sent')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-00:00$/);
    const alert = await inForce();
    expect(alert).toMatchObject({
      templateid: evacuation,
      drill: true,
      startedBy: `CAP ${SENDER}`,
    });

    const cancel = capXml({ status: 'Exercise', msgType: 'Cancel', references: ref(drill) });
    const ended = await send(cancel.xml);
    expect(ended.status).toBe(200);
    expect(tag(ended.body, 'msgType')).toBe('Ack');
    expect(tag(ended.body, 'references')).toBe(ref(cancel));
    expect(await inForce()).toBeNull();
    expect((await lastAudit()).action).toBe('alert.end');
  });

  it('answers a duplicate (sender, identifier) as the first time, changing nothing', async () => {
    const real = capXml({ status: 'Actual' });
    expect((await send(real.xml)).status).toBe(200);
    const first = await inForce();
    const again = await send(real.xml);
    expect(again.status).toBe(200);
    expect(tag(again.body, 'note')).toContain('déjà reçu');
    expect((await inForce())?.alertid).toBe(first?.alertid);
  });

  it('lets a real alert escalate over a drill, refuses a drill over a real alert, and another alert unless it references the one in force', async () => {
    const drill = capXml({ status: 'Exercise', infos: [{ event: 'Confinement' }] });
    await send(drill.xml);
    const real = capXml({ status: 'Actual' });
    const escalated = await send(real.xml);
    expect(escalated.status).toBe(200);
    expect(tag(escalated.body, 'note')).toContain('remplace l’exercice « Confinement »');
    expect(await inForce()).toMatchObject({ templateid: evacuation, drill: false });

    const drillOver = await send(capXml({ status: 'Exercise' }).xml);
    expect(drillOver.status).toBe(409);
    expect(tag(drillOver.body, 'msgType')).toBe('Error');
    expect(tag(drillOver.body, 'note')).toContain(
      'Un exercice ne remplace jamais une alerte réelle',
    );

    const other = capXml({ status: 'Actual', infos: [{ event: 'Confinement' }] });
    const refused = await send(other.xml);
    expect(refused.status).toBe(409);
    expect(tag(refused.body, 'note')).toContain(
      '<references>'.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;')),
    );
    expect((await lastAudit()).action).toBe('alert.cap_refused');
    expect(await inForce()).toMatchObject({ templateid: evacuation });

    // Refused messages are not kept: the same one, now naming the alert in force, goes through.
    const naming = capXml({
      status: 'Actual',
      infos: [{ event: 'Confinement' }],
      references: ref(real),
    });
    expect((await send(naming.xml)).status).toBe(200);
    expect(await inForce()).toMatchObject({ templateid: confinement, drill: false });
  });

  it('replaces the referenced alert with an Update, and refuses an Update or Cancel of an unknown alert', async () => {
    const first = capXml({ status: 'Actual', infos: [{ event: 'Confinement' }] });
    await send(first.xml);
    const update = capXml({ status: 'Actual', msgType: 'Update', references: ref(first) });
    const updated = await send(update.xml);
    expect(updated.status).toBe(200);
    expect(await inForce()).toMatchObject({ templateid: evacuation });

    const unknown = `${SENDER},nobody-sent-this,${capTime()}`;
    const orphan = await send(
      capXml({ status: 'Actual', msgType: 'Update', references: unknown }).xml,
    );
    expect(orphan.status).toBe(404);
    expect(tag(orphan.body, 'msgType')).toBe('Error');
    const cancel = await send(
      capXml({ status: 'Actual', msgType: 'Cancel', references: unknown }).xml,
    );
    expect(cancel.status).toBe(404);
    expect(await inForce()).toMatchObject({ templateid: evacuation });
  });

  it('never lets a stale Cancel end the alert in force', async () => {
    const first = capXml({ status: 'Actual', infos: [{ event: 'Confinement' }] });
    await send(first.xml);
    const second = capXml({ status: 'Actual', references: ref(first) });
    await send(second.xml);
    const stale = await send(
      capXml({ status: 'Actual', msgType: 'Cancel', references: ref(first) }).xml,
    );
    expect(stale.status).toBe(409);
    expect(tag(stale.body, 'note')).toContain('no longer in force');
    expect(await inForce()).toMatchObject({ templateid: evacuation, drill: false });

    // Once the alert is over, the stale Cancel changes nothing and says so.
    await send(capXml({ status: 'Actual', msgType: 'Cancel', references: ref(second) }).xml);
    const late = await send(
      capXml({ status: 'Actual', msgType: 'Cancel', references: ref(first) }).xml,
    );
    expect(late.status).toBe(200);
    expect(tag(late.body, 'note')).toContain('déjà terminée');
  });

  it('records Test and System messages without showing anything, and refuses a Draft', async () => {
    for (const status of ['Test', 'System']) {
      const answer = await send(capXml({ status }).xml);
      expect(answer.status).toBe(200);
      expect(tag(answer.body, 'status')).toBe(status);
      expect(await inForce()).toBeNull();
    }
    const draft = await send(capXml({ status: 'Draft' }).xml);
    expect(draft.status).toBe(422);
    expect(tag(draft.body, 'msgType')).toBe('Error');
    expect(await inForce()).toBeNull();
  });

  it('shows an event without a template as the free message, with its French and English texts', async () => {
    const answer = await send(
      capXml({
        status: 'Actual',
        infos: [
          {
            language: 'fr-FR',
            event: 'Fuite de gaz',
            headline: 'Fuite de gaz bâtiment B',
            description: 'Une fuite de gaz est détectée.',
            instruction: 'Évacuez le bâtiment B.',
          },
          {
            language: 'en-GB',
            event: 'Gas leak',
            headline: 'Gas leak in building B',
            instruction: 'Leave building B.',
          },
        ],
      }).xml,
    );
    expect(answer.status).toBe(200);
    expect(await inForce()).toMatchObject({
      templateid: free,
      text: {
        titleFr: 'Fuite de gaz bâtiment B',
        titleEn: 'Gas leak in building B',
        instructionsFr: 'Une fuite de gaz est détectée.\n\nÉvacuez le bâtiment B.',
        instructionsEn: 'Leave building B.',
      },
    });
  });

  it('finds the template named as the event whatever its case, and lets expires shorten the takeover', async () => {
    await send(
      capXml({ status: 'Actual', infos: [{ event: 'CONFINEMENT', expires: capTime(10) }] }).xml,
    );
    expect(await inForce()).toMatchObject({ templateid: confinement, maxDurationMinutes: 10 });
    const past = await send(
      capXml({ status: 'Actual', infos: [{ event: 'Évacuation', expires: capTime(-1) }] }).xml,
    );
    expect(past.status).toBe(422);
    expect(tag(past.body, 'note')).toContain('is past');
  });

  it('refuses times without an offset or in "Z", a wrong namespace and a missing identifier with a CAP Error', async () => {
    const noZone = await send(capXml({ sent: '2026-03-10T10:00:00' }).xml);
    expect(noZone.status).toBe(400);
    expect(tag(noZone.body, 'note')).toContain('no time zone');
    const zulu = await send(capXml({ sent: '2026-03-10T09:00:00Z' }).xml);
    expect(tag(zulu.body, 'note')).toContain('-00:00');
    const oldCap = await send(capXml({ namespace: 'urn:oasis:names:tc:emergency:cap:1.1' }).xml);
    expect(oldCap.status).toBe(400);
    expect(tag(oldCap.body, 'msgType')).toBe('Error');
    expect(tag(oldCap.body, 'note')).toContain('CAP 1.2');
    const anonymous = await send(capXml({ identifier: null }).xml);
    expect(anonymous.status).toBe(400);
    expect(tag(anonymous.body, 'note')).toContain(
      'lacks <identifier>'.replace('<', '&lt;').replace('>', '&gt;'),
    );
    // Without an identifier, the Error cannot reference the message.
    expect(tag(anonymous.body, 'references')).toBeNull();
    expect(await inForce()).toBeNull();
    const audit = await lastAudit();
    expect(audit.action).toBe('alert.cap_refused');
  });

  it('refuses external-entity and entity-expansion documents before reading a declaration, with the JSON envelope', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE alert [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>&xxe;</identifier></alert>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">&lol3;</alert>`;
    for (const xml of [xxe, laughs]) {
      const answer = await send(xml);
      expect(answer.status).toBe(400);
      const body = JSON.parse(answer.body) as Envelope<null>;
      expect(body.error).toBe('bad_request');
      expect(body.message).toContain('document type declaration');
      expect(answer.body).not.toContain('root:');
    }
    // An undeclared entity is no way round it.
    const undeclared = await send(capXml().xml.replace('<sender>', '<sender>&xxe;'));
    expect(undeclared.status).toBe(400);
    expect((JSON.parse(undeclared.body) as Envelope<null>).message).toContain('Not well-formed');
    expect((await lastAudit()).action).toBe('alert.cap_refused');
    expect(await inForce()).toBeNull();
  });

  it('asks for the alert token, a CAP content type and a bounded size, in the JSON envelope', async () => {
    const { xml } = capXml();
    expect((await send(xml, { token: null })).status).toBe(401);
    expect((await send(xml, { token: 'wrong' })).status).toBe(401);
    const json = await send('{"template":"Évacuation"}', { contentType: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body).toContain('application/cap+xml');
    const large = await send(xml.replace('</alert>', `<!--${'x'.repeat(300 * 1024)}--></alert>`));
    expect(large.status).toBe(413);
    expect(await inForce()).toBeNull();
  });
});

describe('GET /api/alerts/:devid/cap/acks', () => {
  it('lists which totems showed the alert a CAP message started, and when', async () => {
    const message = capXml({ status: 'Exercise' });
    await send(message.xml);
    const alert = await inForce();
    await f.repos.alerts.recordAck(
      f.ids.devid,
      'totem-hall',
      { alertid: alert!.alertid!, displayedAt: f.clock.now.toISOString(), takeoverMs: 120 },
      f.clock.now,
    );
    const response = await f.app.inject({
      method: 'GET',
      url: pathOf('alertCapAcks', {
        params: { devid: f.ids.devid },
        query: { sender: SENDER, identifier: message.identifier },
      }),
      headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as Envelope<CapAcks>).data!;
    expect(data).toMatchObject({
      outcome: 'started',
      alertid: alert!.alertid,
      inForce: true,
      acks: [{ kioskId: 'totem-hall', takeoverMs: 120, afterEnd: false }],
    });

    const unknown = await f.app.inject({
      method: 'GET',
      url: pathOf('alertCapAcks', {
        params: { devid: f.ids.devid },
        query: { sender: SENDER, identifier: 'never-sent' },
      }),
      headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
