/**
 * The back-office's mapping from CAP messages to alert templates (issue 50), through the admin API
 * (and, in the server-pg project, on PostgreSQL): saved and read with each rule's publication,
 * refused in French for wrong rights, unknown templates, duplicates and bad bodies, audited with
 * the rules before and after — and in effect at once: the next CAP message shows the mapped
 * template, without a publish.
 */
import {
  pathOf,
  type AlertState,
  type AuditEntry,
  type CapMapping,
  type CapMappingRule,
  type Envelope,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishDraftDirectly, TEST_ALERT_TOKEN } from '../testing/fixture.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
let evacuation: number;
let confinement: number;
let unpublished: number;
let otherDevelopments: number;
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
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  const template = (devid: number, name: string, kind: 'evacuation' | 'confinement' | 'free') =>
    f.repos.alerts.createDraftTemplate(devid, {
      ...TEMPLATE,
      name,
      kind,
      titleFr: name,
      titleEn: name,
    });
  evacuation = await template(f.ids.devid, 'Évacuation', 'evacuation');
  confinement = await template(f.ids.devid, 'Confinement', 'confinement');
  await template(f.ids.devid, 'Message libre', 'free');
  otherDevelopments = await template(f.ids.otherDevid, 'Évacuation B', 'evacuation');
  await publishDraftDirectly(f.repos, f.ids.devid);
  // Created after the publish: in the draft only.
  unpublished = await template(f.ids.devid, 'Fuite de gaz', 'confinement');
});
beforeEach(async () => {
  f.resetClock();
  await f.repos.alerts.end(f.ids.devid, f.clock.now);
});
afterAll(async () => {
  await f.close();
});

const mappingPath = () => pathOf('adminCapMapping', { params: { devid: f.ids.devid } });

async function save(rules: CapMappingRule[], client: AdminClient = admin, extra = {}) {
  return client.put(mappingPath(), { rules, ...extra });
}

/** A CAP 1.2 Exercise (a drill, so that nothing is refused over a real alert) with one info block. */
function capXml(info: { event: string; eventCode?: { valueName: string; value: string } }) {
  const at = new Date(f.clock.now.getTime() + 3_600_000);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">',
    `<identifier>gtb-mapping-${Date.now()}-${++counter}</identifier>`,
    '<sender>gtb@usine.example</sender>',
    `<sent>${at.toISOString().slice(0, 19)}+01:00</sent>`,
    '<status>Exercise</status><msgType>Alert</msgType><scope>Public</scope>',
    '<info><language>fr-FR</language><category>Fire</category>',
    `<event>${info.event}</event>`,
    '<urgency>Immediate</urgency><severity>Severe</severity><certainty>Observed</certainty>',
    info.eventCode
      ? `<eventCode><valueName>${info.eventCode.valueName}</valueName><value>${info.eventCode.value}</value></eventCode>`
      : '',
    '<headline>Alarme du bâtiment</headline>',
    '</info></alert>',
  ].join('\n');
}

/** Sends a CAP message and answers the template of the alert then in force. */
async function capShows(info: Parameters<typeof capXml>[0]): Promise<string | undefined> {
  const sent = await f.app.inject({
    method: 'POST',
    url: pathOf('alertCap', { params: { devid: f.ids.devid } }),
    headers: {
      'content-type': 'application/cap+xml',
      authorization: `Bearer ${TEST_ALERT_TOKEN}`,
    },
    payload: capXml(info),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const state = await f.app.inject({
    method: 'GET',
    url: pathOf('alertGet', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
  });
  const alert = state.json<Envelope<AlertState>>().data!.alert;
  // Ended at once: each test starts from no alert in force.
  await f.repos.alerts.end(f.ids.devid, f.clock.now);
  return alert?.templateName;
}

async function lastAudit(): Promise<AuditEntry> {
  const entries = data<AuditEntry[]>(
    await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
  );
  return entries[0]!;
}

describe('the CAP mapping in the back-office (issue 50)', () => {
  it('is empty until saved; an admin saves rules, everyone of the development reads them with their publication', async () => {
    const empty = await editor.get(mappingPath());
    expect(empty.statusCode).toBe(200);
    expect(data<CapMapping>(empty)).toEqual({ rules: [], updatedAt: null, updatedBy: null });

    const response = await save([
      { match: 'eventCode', valueName: ' profile:BMS ', value: 'FIRE-3 ', templateid: evacuation },
      { match: 'event', value: 'Incendie', templateid: evacuation },
      { match: 'eventCode', value: 'GAS', templateid: unpublished },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = data<CapMapping>(response);
    expect(saved).toEqual({
      rules: [
        {
          match: 'eventCode',
          valueName: 'profile:BMS',
          value: 'FIRE-3',
          templateid: evacuation,
          templateName: 'Évacuation',
          published: true,
        },
        {
          match: 'event',
          value: 'Incendie',
          templateid: evacuation,
          templateName: 'Évacuation',
          published: true,
        },
        {
          match: 'eventCode',
          value: 'GAS',
          templateid: unpublished,
          templateName: 'Fuite de gaz',
          published: false,
        },
      ],
      updatedAt: f.clock.now.toISOString(),
      updatedBy: 'admin',
    });
    expect(response.json<Envelope<CapMapping>>().message).toMatch(
      /dès le prochain message CAP\. 1 règle vise un modèle pas encore publié/,
    );
    expect(data<CapMapping>(await editor.get(mappingPath()))).toEqual(saved);
    expect(data<CapMapping>(await admin.get(mappingPath()))).toEqual(saved);
  });

  it('is in effect at once: the next CAP message shows the mapped template, codes before events', async () => {
    await save([]);
    // No rule: the template named as the event, else the free message.
    expect(await capShows({ event: 'Confinement' })).toBe('Confinement');
    expect(await capShows({ event: 'Incendie' })).toBe('Message libre');

    const response = await save([
      { match: 'event', value: 'INCENDIE', templateid: evacuation },
      { match: 'event', value: 'Évacuation', templateid: confinement },
      { match: 'eventCode', valueName: 'profile:BMS', value: 'SHELTER', templateid: confinement },
      { match: 'eventCode', value: 'GAS', templateid: unpublished },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    // An event rule, compared as template names are (case aside).
    expect(await capShows({ event: 'incendie' })).toBe('Évacuation');
    // A rule wins over the template named as the event.
    expect(await capShows({ event: 'Évacuation' })).toBe('Confinement');
    // A code rule wins over an event rule; its valueName must match when the rule has one.
    expect(
      await capShows({
        event: 'Incendie',
        eventCode: { valueName: 'profile:BMS', value: 'SHELTER' },
      }),
    ).toBe('Confinement');
    expect(
      await capShows({ event: 'Incendie', eventCode: { valueName: 'SAME', value: 'SHELTER' } }),
    ).toBe('Évacuation');
    // A rule whose template is not published yet matches nothing: the message goes on.
    expect(
      await capShows({ event: 'Message inconnu', eventCode: { valueName: 'SAME', value: 'GAS' } }),
    ).toBe('Message libre');

    // Changed again: the very next message follows.
    await save([{ match: 'event', value: 'Incendie', templateid: confinement }]);
    expect(await capShows({ event: 'Incendie' })).toBe('Confinement');
  });

  it('is audited with the rules before and after, templates named', async () => {
    await save([{ match: 'event', value: 'Incendie', templateid: evacuation }]);
    f.clock.now = new Date(f.clock.now.getTime() + 60_000);
    const response = await save([
      { match: 'eventCode', valueName: 'SAME', value: 'FRW', templateid: confinement },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: 'cap.mapping.update',
      username: 'admin',
      devid: f.ids.devid,
      summary: {
        before: [
          { match: 'event', value: 'Incendie', templateid: evacuation, template: 'Évacuation' },
        ],
        after: [
          {
            match: 'eventCode',
            valueName: 'SAME',
            value: 'FRW',
            templateid: confinement,
            template: 'Confinement',
          },
        ],
      },
    });
  });

  it('refuses non-admins (403), even the development’s editors; and others’ developments', async () => {
    await save([]);
    const byEditor = await save(
      [{ match: 'event', value: 'Incendie', templateid: evacuation }],
      editor,
    );
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json<Envelope<null>>().message).toBe('Réservé aux administrateurs.');
    expect((await otherEditor.get(mappingPath())).statusCode).toBe(403);
    expect(data<CapMapping>(await admin.get(mappingPath())).rules).toEqual([]);
  });

  it('refuses an unknown template, another development’s, a duplicate and a bad body (400, in French)', async () => {
    await save([]);
    const refusals: Array<[unknown, RegExp]> = [
      [
        { rules: [{ match: 'event', value: 'Incendie', templateid: 999_999 }] },
        /^Règle 1 \(l’événement « Incendie »\) : le modèle d’alerte n° 999999 n’existe pas dans ce développement\.$/,
      ],
      [
        { rules: [{ match: 'event', value: 'Incendie', templateid: otherDevelopments }] },
        /n’existe pas dans ce développement/,
      ],
      [
        {
          rules: [
            { match: 'event', value: 'Incendie', templateid: evacuation },
            { match: 'event', value: ' INCENDIE ', templateid: confinement },
          ],
        },
        /^Règle 2 : l’événement « INCENDIE » a déjà une règle \(règle 1\)\./,
      ],
      [
        {
          rules: [
            { match: 'eventCode', valueName: 'SAME', value: 'FRW', templateid: evacuation },
            { match: 'eventCode', valueName: 'SAME', value: 'FRW', templateid: confinement },
          ],
        },
        /Règle 2 : le code d’événement SAME = « FRW » a déjà une règle \(règle 1\)/,
      ],
      [
        { rules: [{ match: 'event', valueName: 'SAME', value: 'X', templateid: evacuation }] },
        /ne s’applique qu’à un code d’événement/,
      ],
      [{ rules: [{ match: 'event', value: '   ', templateid: evacuation }] }, /est vide/],
      [{ rules: [{ match: 'headline', value: 'X', templateid: evacuation }] }, /./],
      [{ rules: [{ match: 'event', value: '', templateid: evacuation }] }, /./],
      [{ rules: 'tout' }, /./],
      [{ rules: [{ match: 'event', value: 'Incendie' }] }, /./],
      [{ rules: [], expectedUpdatedAt: 'hier' }, /./],
    ];
    for (const [body, message] of refusals) {
      const response = await admin.put(mappingPath(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const envelope = response.json<Envelope<null>>();
      expect(envelope.error).not.toBeNull();
      expect(envelope.message).toMatch(message);
    }
    // Nothing was saved by any of them.
    expect(data<CapMapping>(await admin.get(mappingPath())).rules).toEqual([]);
  });

  it('keeps two admins from overwriting each other: a stale expectedUpdatedAt is a 409 with the rules as saved', async () => {
    const first = data<CapMapping>(await save([]));
    f.clock.now = new Date(f.clock.now.getTime() + 60_000);
    const second = await save(
      [{ match: 'event', value: 'Incendie', templateid: evacuation }],
      admin,
      { expectedUpdatedAt: first.updatedAt },
    );
    expect(second.statusCode, second.body).toBe(200);
    const stale = await save(
      [{ match: 'event', value: 'Incendie', templateid: confinement }],
      admin,
      { expectedUpdatedAt: first.updatedAt },
    );
    expect(stale.statusCode).toBe(409);
    const envelope = stale.json<Envelope<CapMapping>>();
    expect(envelope.message).toMatch(/modifiées par quelqu’un d’autre/);
    expect(envelope.data!.rules.map((rule) => rule.templateid)).toEqual([evacuation]);
  });
});
