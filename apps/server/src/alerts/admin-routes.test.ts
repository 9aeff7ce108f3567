/**
 * Red button and acknowledgements, the red button and the acknowledgements, through the back-office
 * API (and, in the server-pg project, on PostgreSQL): who may trigger; one alert when two people
 * press at once; the totems' "alerte affichée" over the heartbeat, counted once, late after 5 s,
 * offline; an acknowledgement after the end recorded without reopening; the live channel.
 */
import type { AddressInfo } from 'node:net';
import {
  type AdminAlertView,
  type AdminUser,
  type AlertMessage,
  type AuditEntry,
  type KioskHeartbeat,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishDraftDirectly } from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';
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
let base: string;
let evacuation: number;
let confinement: number;
const clients: StreamClient[] = [];

const TEMPLATE = {
  instructionsFr: 'Sortez.',
  instructionsEn: 'Get out.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
} as const;

beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
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
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
});
beforeEach(async () => {
  f.resetClock();
  await f.repos.alerts.end(f.ids.devid, f.clock.now);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await f.close();
});

const path = () => pathOf('adminAlert', { params: { devid: f.ids.devid } });
/** The fixture's clock, where each test starts. */
const FIXTURE_START = '2026-03-10T09:00:00.000Z';
const later = (ms: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + ms);
};

let kioskCount = 0;
const newKioskId = () => `alert-kiosk-${++kioskCount}`;

function report(kioskId: string, alertAck: KioskHeartbeat['alertAck'] = null): KioskHeartbeat {
  return {
    kioskId,
    mode: 'totem',
    totem: 'Moulage',
    appVersion: '1.2.3',
    contentVersion: null,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
    alertAck,
  };
}

async function heartbeat(body: KioskHeartbeat) {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: await f.auth(f.ids.devid),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

const ack = (alertid: number, takeoverMs = 180) => ({
  alertid,
  displayedAt: f.clock.now.toISOString(),
  takeoverMs,
});

async function start(client: AdminClient, templateid = evacuation, drill = false) {
  return client.post(path(), { templateid, drill });
}

describe('the red button', () => {
  it('shows the published templates and who may trigger', async () => {
    const view = data<AdminAlertView>(await admin.get(path()));
    expect(view.alert).toBeNull();
    expect(view.templates.map((template) => template.name)).toEqual(['Évacuation', 'Confinement']);
    expect(view.canTrigger).toBe(true);
    expect(view.kiosks).toEqual([]);
    // An editor sees the alert of their development, but has not been given the right.
    expect(data<AdminAlertView>(await editor.get(path())).canTrigger).toBe(false);
    const refused = await start(editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/demandez ce droit/);
    // Another development's editor does not see it at all.
    expect((await otherEditor.get(path())).statusCode).toBe(403);
    expect((await admin.get(pathOf('adminAlert', { params: { devid: 999_999 } }))).statusCode).toBe(
      404,
    );
  });

  it('lets an editor an admin allowed trigger and end, audited under their name', async () => {
    const allow = await admin.patch(
      pathOf('adminUpdateUser', { params: { userid: f.users.editor } }),
      { canAlert: true },
    );
    expect(data<AdminUser>(allow).canAlert).toBe(true);
    try {
      const started = await start(editor, evacuation, true);
      expect(started.statusCode).toBe(200);
      expect(started.json<{ message: string }>().message).toBe('Exercice « Évacuation » déclenché');
      const view = data<AdminAlertView>(started);
      expect(view.alert).toMatchObject({
        templateid: evacuation,
        drill: true,
        startedBy: 'editrice',
      });
      expect(view.alert?.alertid).toEqual(expect.any(Number));
      const ended = await editor.delete(path());
      expect(ended.statusCode).toBe(200);
      expect(data<AdminAlertView>(ended).alert).toBeNull();
      const audit = data<AuditEntry[]>(
        await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid } })),
      );
      const [end, begin] = audit.filter((entry) => entry.action.startsWith('alert.'));
      expect(begin).toMatchObject({ action: 'alert.start', username: 'editrice' });
      expect(end).toMatchObject({ action: 'alert.end', username: 'editrice' });
    } finally {
      await admin.patch(pathOf('adminUpdateUser', { params: { userid: f.users.editor } }), {
        canAlert: false,
      });
    }
  });

  it('refuses a template that is not published, and a malformed body, in French', async () => {
    const unknown = await admin.post(path(), { templateid: 987_654, drill: false });
    expect(unknown.statusCode).toBe(404);
    const malformed = await admin.post(path(), { templateid: evacuation });
    expect(malformed.statusCode).toBe(400);
    expect(data<AdminAlertView>(await admin.get(path())).alert).toBeNull();
  });

  it('gives one alert when two people trigger at once', async () => {
    const second = await f.asAdmin();
    // The same choice: both succeed, one alert, one start in the history.
    const same = await Promise.all([start(admin), start(second)]);
    expect(same.map((response) => response.statusCode)).toEqual([200, 200]);
    const messages = same.map((response) => response.json<{ message: string }>().message);
    expect(messages.filter((message) => message.includes('déjà en cours'))).toHaveLength(1);
    const first = data<AdminAlertView>(same[0]!).alert!;
    expect(data<AdminAlertView>(same[1]!).alert?.alertid).toBe(first.alertid);
    // Another template while one is in force: refused, the alert in force is kept and named.
    const other = await start(second, confinement);
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toMatch(
      /^Une alerte réelle est en cours : « Évacuation », déclenchée par admin à \d\d:\d\d\. Pour la remplacer par « Confinement », cochez « Remplacer l’alerte en cours »/,
    );
    expect(data<AdminAlertView>(other).alert?.alertid).toBe(first.alertid);
    // A drill never replaces it (decision 027), even asked to; another real one may, when asked.
    const drill = await second.post(path(), {
      templateid: confinement,
      drill: true,
      replace: true,
    });
    expect(drill.statusCode).toBe(409);
    expect(drill.json<{ message: string }>().message).toMatch(/Un exercice ne remplace jamais/);
    const replaced = await second.post(path(), {
      templateid: confinement,
      drill: false,
      replace: true,
    });
    expect(replaced.statusCode).toBe(200);
    expect(data<AdminAlertView>(replaced).alert).toMatchObject({ drill: false });
    expect(data<AdminAlertView>(replaced).alert?.templateName).toBe('Confinement');
    await admin.delete(path());

    // A real alert over a drill: always, without asking to replace.
    await second.post(path(), { templateid: confinement, drill: true });
    const real = await start(admin, evacuation);
    expect(real.statusCode).toBe(200);
    expect(data<AdminAlertView>(real).alert).toMatchObject({ drill: false });
    await admin.delete(path());

    // Different choices at the same moment: exactly one wins.
    const race = await Promise.all([start(admin, evacuation), start(second, confinement)]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = data<AdminAlertView>(race.find((response) => response.statusCode === 200)!);
    const now = data<AdminAlertView>(await admin.get(path()));
    expect(now.alert?.alertid).toBe(winner.alert?.alertid);
  });

  it('tells the totems through the stream message, with the alert number', async () => {
    const heard: AlertMessage[] = [];
    const stop = f.bus.subscribe(f.ids.devid, (message) => {
      if (message.type === 'alert') heard.push(message);
    });
    try {
      const view = data<AdminAlertView>(await start(admin));
      await admin.delete(path());
      expect(heard.map((message) => message.alert?.alertid ?? null)).toEqual([
        view.alert!.alertid,
        null,
      ]);
    } finally {
      stop();
    }
  });
});

describe('acknowledgements', () => {
  it('lists totems as displayed, waiting, late after 5 s, or offline; twice counts once', async () => {
    const shows = newKioskId();
    const silent = newKioskId();
    const away = newKioskId();
    await heartbeat(report(shows));
    await heartbeat(report(silent));
    await heartbeat(report(away));
    later(10 * 60_000); // `away` is no longer online; the two others report again.
    await heartbeat(report(shows));
    await heartbeat(report(silent));
    const alert = data<AdminAlertView>(await start(admin)).alert!;
    const alertid = alert.alertid!;

    later(1_000);
    await heartbeat(report(shows, ack(alertid, 240)));
    const byId = (view: AdminAlertView) =>
      new Map(view.kiosks.map((kiosk) => [kiosk.kioskId, kiosk]));
    let view = data<AdminAlertView>(await admin.get(path()));
    expect(byId(view).get(shows)).toMatchObject({
      state: 'displayed',
      takeoverMs: 240,
      ackedAt: f.clock.now.toISOString(),
    });
    expect(byId(view).get(silent)?.state).toBe('waiting');
    expect(byId(view).get(away)?.state).toBe('offline');

    later(5_000); // 6 s after the start.
    // The same totem again, with another measure: the first acknowledgement stands.
    await heartbeat(report(shows, ack(alertid, 999)));
    view = data<AdminAlertView>(await admin.get(path()));
    expect(byId(view).get(silent)?.state).toBe('late');
    expect(byId(view).get(shows)?.takeoverMs).toBe(240);
    expect(view.counts).toMatchObject({ displayed: 1, late: 1, offline: 1 });
    expect(
      (await f.repos.alerts.acks(alertid)).filter((row) => row.kioskId === shows),
    ).toHaveLength(1);
    // Late ones first: what the safety manager must look at.
    expect(view.kiosks[0]?.kioskId).toBe(silent);
  });

  it('counts apart the totems not expected to be on (silent over 15 min), and names them', async () => {
    const named = newKioskId();
    const gone = newKioskId();
    await heartbeat(report(gone));
    later(20 * 60_000); // `gone` silent for 20 min: switched off, not a totem to chase.
    await heartbeat(report(named));
    await f.repos.kioskProfiles.save(
      f.ids.devid,
      named,
      { name: 'Hall d’accueil', location: 'Bâtiment A', groups: [], note: null },
      1,
      f.clock.now,
    );
    const alertid = data<AdminAlertView>(await start(admin)).alert!.alertid!;
    const view = data<AdminAlertView>(await admin.get(path()));
    const byId = new Map(view.kiosks.map((kiosk) => [kiosk.kioskId, kiosk]));
    expect(byId.get(gone)?.state).toBe('silent');
    expect(byId.get(named)).toMatchObject({
      state: 'waiting',
      name: 'Hall d’accueil',
      location: 'Bâtiment A',
    });
    // The fixture's earlier totems are silent by now too: each counts once, apart.
    const silentOnes = view.kiosks.filter((kiosk) => kiosk.state === 'silent');
    expect(view.counts.silent).toBe(silentOnes.length);
    // Listed last: nobody needs to look at them first.
    expect(view.kiosks.slice(-silentOnes.length).map((kiosk) => kiosk.state)).toEqual(
      silentOnes.map(() => 'silent'),
    );
    // One that comes back and shows the alert counts as displayed like any other.
    await heartbeat(report(gone, ack(alertid)));
    const after = data<AdminAlertView>(await admin.get(path()));
    expect(after.kiosks.find((kiosk) => kiosk.kioskId === gone)?.state).toBe('displayed');
    expect(after.counts.silent).toBe(silentOnes.length - 1);
    await admin.delete(path());
  });

  it('records an acknowledgement after the end without reopening the alert', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId));
    const alertid = data<AdminAlertView>(await start(admin)).alert!.alertid!;
    await admin.delete(path());
    later(2_000);
    await heartbeat(report(kioskId, ack(alertid)));
    expect(data<AdminAlertView>(await admin.get(path())).alert).toBeNull();
    expect(await f.repos.alerts.acks(alertid)).toEqual([
      expect.objectContaining({ kioskId, afterEnd: true }),
    ]);
    const entry = await f.repos.alerts.historyEntry(f.ids.devid, alertid);
    expect(entry).toMatchObject({ end_reason: 'ended', ended_by: 'admin' });
  });

  it('ignores an acknowledgement naming an alert of another development or none', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId, ack(424_242)));
    expect(await f.repos.alerts.acks(424_242)).toEqual([]);
  });

  it('refuses a malformed acknowledgement with a 400', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
      headers: await f.auth(f.ids.devid),
      payload: { ...report(newKioskId()), alertAck: { alertid: 1, takeoverMs: -5 } },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET …/alert/stream', () => {
  it('sends the view at once, then the start and each acknowledgement live', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId));
    const stream = await openStream(
      base + pathOf('adminAlertStream', { params: { devid: f.ids.devid } }),
      {
        cookie: editor.cookie,
      },
    );
    clients.push(stream);
    expect(stream.status).toBe(200);
    const views = (text: string) =>
      text
        .split('\n\n')
        .filter((event) => event.startsWith('event: alert\n'))
        .map((event) => JSON.parse(event.split('\ndata: ')[1]!) as AdminAlertView);
    await stream.waitFor((text) => views(text).length === 1);
    expect(views(stream.text())[0]?.alert).toBeNull();

    const alertid = data<AdminAlertView>(await start(admin)).alert!.alertid!;
    await stream.waitFor((text) => views(text).at(-1)?.alert?.alertid === alertid);
    await heartbeat(report(kioskId, ack(alertid)));
    await stream.waitFor(
      (text) =>
        views(text)
          .at(-1)
          ?.kiosks.find((kiosk) => kiosk.kioskId === kioskId)?.state === 'displayed',
    );
    await admin.delete(path());
    await stream.waitFor((text) => views(text).at(-1)?.alert === null);
  });

  it('refuses a user of another development', async () => {
    const response = await otherEditor.get(
      pathOf('adminAlertStream', { params: { devid: f.ids.devid } }),
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET …/alerts/:alertid/timeline.csv', () => {
  it('gives the start, each acknowledgement once and the end, with French headers, as a download', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId));
    const alertid = data<AdminAlertView>(await start(admin, evacuation, true)).alert!.alertid!;
    later(800);
    await heartbeat(report(kioskId, ack(alertid, 321)));
    await heartbeat(report(kioskId, ack(alertid, 999)));
    later(60_000);
    const ended = await admin.delete(path());
    expect(data<AdminAlertView>(ended).lastAlertid).toBe(alertid);

    const response = await editor.get(
      pathOf('adminAlertTimeline', { params: { devid: f.ids.devid, alertid } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="alerte-${(await f.repos.developments.find(f.ids.devid))!.devname}-${alertid}.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Horodatage (UTC);Événement;Totem;Temps d’affichage (ms);Par;Détail');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(`${FIXTURE_START};Déclenchement (exercice);;;admin;« Évacuation »`);
    expect(lines[2]).toMatch(new RegExp(`;Alerte affichée;${kioskId};321;;affichée à `));
    expect(lines[3]).toMatch(/;Fin d’alerte;;;admin;$/);
    // The audit's end entry counts the totems that showed it.
    const audit = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid } })),
    );
    expect(audit.find((entry) => entry.action === 'alert.end')?.summary).toMatchObject({
      alertid,
      acknowledged: 1,
    });
  });

  it('is a 404 for an alert of another development, and a 403 for its editor', async () => {
    const alertid = data<AdminAlertView>(await start(admin)).alert!.alertid!;
    expect(
      (
        await admin.get(
          pathOf('adminAlertTimeline', { params: { devid: f.ids.otherDevid, alertid } }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await otherEditor.get(
          pathOf('adminAlertTimeline', { params: { devid: f.ids.devid, alertid } }),
        )
      ).statusCode,
    ).toBe(403);
  });
});
