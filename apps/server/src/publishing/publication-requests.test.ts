/**
 * Four-eyes publishing (issue 51, part 2): the setting, the gate on every publishing door (the
 * back-office's publish, schedule and rollback, the publish token and the CLI), an admin's
 * publication without approval, and the requests — made, approved by someone else (now, or at
 * their time), refused with a comment, withdrawn, superseded by a later request over the same
 * items, refused when the draft or live changed since — each audited.
 */
import {
  pathOf,
  type AuditEntry,
  type Envelope,
  type FourEyesSettings,
  type PublicationRequest,
  type PublicationRequestDetail,
  type PublicationRequestList,
  type RevisionEntry,
  type ScheduledPublicationList,
  type StreamEvent,
} from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { TEST_PUBLISH_TOKEN, publishDraftDirectly } from '../testing/fixture.js';
import { publishDueSets } from './scheduled-publish.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
beforeEach(async () => {
  f = await createAdminFixture();
  admin = await f.asAdmin();
  editor = await f.asEditor();
});
afterEach(async () => {
  await f.close();
});

const HOUR = 3_600_000;
const devid = () => f.ids.devid;
const fourEyesPath = () => pathOf('adminSaveFourEyes', { params: { devid: devid() } });
const requestsPath = () => pathOf('adminPublicationRequests', { params: { devid: devid() } });
const onePath = (setid: number) =>
  pathOf('adminPublicationRequest', { params: { devid: devid(), setid } });
const approvePath = (setid: number) =>
  pathOf('adminApprovePublicationRequest', { params: { devid: devid(), setid } });
const refusePath = (setid: number) =>
  pathOf('adminRefusePublicationRequest', { params: { devid: devid(), setid } });
const publishPath = () => pathOf('adminPublish', { params: { devid: devid() } });
const message = (response: { json: <T>() => T }) => response.json<Envelope<unknown>>().message;

const fourEyes = async (enabled: boolean, allowToken = false) => {
  const response = await admin.put(fourEyesPath(), { enabled, allowToken });
  expect(response.statusCode, response.body).toBe(200);
  return data<FourEyesSettings>(response);
};
const version = async () => (await f.repos.developments.find(devid()))!.content_version;
const liveValue = async (elementid: number) =>
  (await f.repos.live.listElements(f.ids.planZone)).find((e) => e.elementid === elementid)?.value;
const edit = (index: number, value: string) =>
  f.repos.draft.updateElementValue(f.ids.planElements[index]!, value);
const ask = async (client: AdminClient, body: object) => {
  const response = await client.post(requestsPath(), body);
  expect(response.statusCode, response.body).toBe(201);
  return data<PublicationRequest>(response);
};
const audit = async (action: string) =>
  data<AuditEntry[]>(
    await admin.get(pathOf('adminAudit', { query: { devid: devid(), limit: 50 } })),
  ).filter((entry) => entry.action === action);
const publishApi = (payload: object, client?: 'cli') =>
  f.app.inject({
    method: 'POST',
    url: pathOf('publish', { params: { devid: devid() } }),
    headers: {
      authorization: `Bearer ${TEST_PUBLISH_TOKEN}`,
      ...(client ? { 'x-publish-client': client } : {}),
    },
    payload,
  });

describe('the four-eyes setting', () => {
  it('is off by default, read by editors, changed by admins only, and audited', async () => {
    const read = await editor.get(pathOf('adminFourEyes', { params: { devid: devid() } }));
    expect(data<FourEyesSettings>(read)).toMatchObject({ enabled: false, allowToken: false });
    const refused = await editor.put(fourEyesPath(), { enabled: true });
    expect(refused.statusCode).toBe(403);
    expect(await fourEyes(true)).toMatchObject({ enabled: true, updatedBy: 'admin' });
    const [entry] = await audit('publish.four-eyes');
    expect(entry).toMatchObject({ username: 'admin' });
    const bad = await admin.put(fourEyesPath(), { enabled: 'oui' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('while four-eyes is on, the publishing doors', () => {
  beforeEach(async () => {
    await fourEyes(true);
    await edit(0, 'Nouveau menu');
  });

  it('refuse a publish, a schedule and a rollback from the back-office, pointing to a request', async () => {
    const before = await version();
    for (const body of [{}, { at: new Date(f.clock.now.getTime() + HOUR).toISOString() }]) {
      const response = await admin.post(publishPath(), body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<Envelope<{ reason: string }>>().data).toEqual({ reason: 'four-eyes' });
      expect(message(response)).toMatch(/quatre yeux.*Demander une publication/);
    }
    const rollback = await admin.post(
      pathOf('adminRollback', { params: { devid: devid(), revision: 1 } }),
      {},
    );
    expect(rollback.statusCode, rollback.body).toBe(409);
    expect(await version()).toBe(before);
    expect(await liveValue(f.ids.planElements[0]!)).not.toBe('Nouveau menu');
  });

  it('refuse the publish token and the CLI unless the setting allows them; the token never bypasses', async () => {
    for (const client of [undefined, 'cli'] as const) {
      const response = await publishApi({}, client);
      expect(response.statusCode, response.body).toBe(409);
      expect(message(response)).toMatch(/jeton de publication et la CLI/);
    }
    const bypass = await publishApi({ bypassReason: 'Numéro d’urgence faux, 3 h du matin' });
    expect(bypass.statusCode).toBe(400);
    await fourEyes(true, true);
    const allowed = await publishApi({});
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await liveValue(f.ids.planElements[0]!)).toBe('Nouveau menu');
  });

  it('let an admin publish without approval with a reason, audited; an editor may not, nor without a reason', async () => {
    const short = await admin.post(publishPath(), { bypassReason: 'vite' });
    expect(short.statusCode).toBe(400);
    const byEditor = await editor.post(publishPath(), {
      bypassReason: 'Le numéro des pompiers est faux sur tous les totems',
    });
    expect(byEditor.statusCode, byEditor.body).toBe(403);
    const before = await version();
    const response = await admin.post(publishPath(), {
      bypassReason: 'Le numéro des pompiers est faux sur tous les totems',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await version()).toBe(before + 1);
    const [entry] = await audit('publish.bypass');
    expect(entry).toMatchObject({ username: 'admin' });
    expect(JSON.stringify(entry)).toContain('Le numéro des pompiers est faux');
  });
});

describe('emergency alerts under four-eyes', () => {
  it('are never subject to approval: the red button starts and ends an alert at once', async () => {
    const templateid = await f.repos.alerts.createDraftTemplate(devid(), {
      name: 'Évacuation',
      kind: 'evacuation',
      titleFr: 'Évacuation',
      titleEn: 'Evacuation',
      instructionsFr: 'Sortez.',
      instructionsEn: 'Get out.',
      pictogram: 'evacuation',
      colour: 'rouge',
      image: null,
      endTextFr: null,
      endTextEn: null,
    });
    await publishDraftDirectly(f.repos, devid());
    await fourEyes(true);
    const alertPath = pathOf('adminAlert', { params: { devid: devid() } });
    const started = await admin.post(alertPath, { templateid, drill: false });
    expect(started.statusCode, started.body).toBe(200);
    expect(await f.repos.alerts.active(devid(), f.clock.now)).toMatchObject({ drill: false });
  });
});

describe('a publication request', () => {
  beforeEach(async () => {
    await fourEyes(true);
  });

  it('is fixed when made, cannot be approved by its author, and goes live when someone else approves it', async () => {
    await edit(1, 'Menu lundi');
    const made = await ask(editor, { note: 'Menu de lundi' });
    expect(made).toMatchObject({
      kind: 'publish',
      state: 'requested',
      note: 'Menu de lundi',
      author: { kind: 'user', name: 'editrice' },
      zoneid: null,
      at: null,
      outcome: null,
    });
    expect(made.summary).toBe('1 élément modifié');
    // Not a scheduled publication: nothing goes live by itself, and the schedule doors ignore it.
    const scheduled = data<ScheduledPublicationList>(
      await admin.get(pathOf('adminScheduledPublications', { params: { devid: devid() } })),
    );
    expect(scheduled.items).toEqual([]);
    const cancel = await admin.delete(
      pathOf('adminCancelScheduled', { params: { devid: devid(), setid: made.id } }),
    );
    expect(cancel.statusCode).toBe(404);

    const detail = data<PublicationRequestDetail>(await admin.get(onePath(made.id)));
    expect(detail.changedSince).toEqual([]);
    expect(detail.changes).toHaveLength(1);
    expect(detail.changes[0]).toMatchObject({ kind: 'element', zoneid: f.ids.planZone });

    const own = await editor.post(approvePath(made.id), {});
    expect(own.statusCode).toBe(403);
    expect(message(own)).toMatch(/propre demande/);

    const before = await version();
    const heard: StreamEvent[] = [];
    const stop = f.bus.subscribe(devid(), (event) => heard.push(event));
    try {
      const approved = await admin.post(approvePath(made.id), { comment: 'Vu, merci' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(data<PublicationRequest>(approved)).toMatchObject({
        state: 'approved',
        reviewer: { name: 'admin' },
        comment: 'Vu, merci',
        outcome: { status: 'published', revision: before + 1 },
      });
    } finally {
      stop();
    }
    expect(heard).toContainEqual(
      expect.objectContaining({ type: 'sync', revision: before + 1 }) as StreamEvent,
    );
    expect(await liveValue(f.ids.planElements[1]!)).toBe('Menu lundi');
    const [revision] = data<RevisionEntry[]>(
      await admin.get(pathOf('adminRevisions', { params: { devid: devid() } })),
    );
    expect(revision).toMatchObject({
      revision: before + 1,
      author: { kind: 'user', name: 'editrice' },
    });
    expect(revision!.note).toContain('approuvée par admin');
    expect(await audit('publish.request')).toHaveLength(1);
    expect(await audit('publish.request-approve')).toHaveLength(1);

    const again = await admin.post(approvePath(made.id), {});
    expect(again.statusCode).toBe(409);
    expect(message(again)).toMatch(/déjà été approuvée/);
  });

  it('is refused with a comment by someone else, and its changes stay in the draft', async () => {
    await edit(1, 'Menu mardi');
    const made = await ask(editor, { note: 'Menu de mardi' });
    const noComment = await admin.post(refusePath(made.id), {});
    expect(noComment.statusCode).toBe(400);
    const own = await editor.post(refusePath(made.id), { comment: 'non' });
    expect(own.statusCode).toBe(403);
    const refused = await admin.post(refusePath(made.id), { comment: 'Il manque les prix' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(data<PublicationRequest>(refused)).toMatchObject({
      state: 'refused',
      comment: 'Il manque les prix',
      reviewer: { name: 'admin' },
    });
    expect(await liveValue(f.ids.planElements[1]!)).not.toBe('Menu mardi');
    const approve = await admin.post(approvePath(made.id), {});
    expect(approve.statusCode).toBe(409);
    expect(await audit('publish.request-refuse')).toHaveLength(1);
  });

  it('is refused at approval when the draft changed its items since, naming them; a new request supersedes it', async () => {
    await edit(2, 'Horaires v1');
    const first = await ask(editor, { note: 'Horaires' });
    await edit(2, 'Horaires v2');
    const detail = data<PublicationRequestDetail>(await admin.get(onePath(first.id)));
    expect(detail.changedSince).toHaveLength(1);
    expect(detail.changedSince[0]).toMatch(/élément « Horaires v1 » \(brouillon\)/);
    const refused = await admin.post(approvePath(first.id), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Envelope<{ changedSince: string[] }>>().data!.changedSince).toHaveLength(1);
    expect(message(refused)).toMatch(/changé depuis la demande.*Horaires v1/);
    expect(await liveValue(f.ids.planElements[2]!)).not.toMatch(/Horaires/);

    const second = await ask(editor, { note: 'Horaires corrigés' });
    const list = data<PublicationRequestList>(await admin.get(requestsPath()));
    expect(list.fourEyes.enabled).toBe(true);
    expect(list.items.map((item) => [item.id, item.state])).toEqual([
      [second.id, 'requested'],
      [first.id, 'superseded'],
    ]);
    const approved = await admin.post(approvePath(second.id), {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await liveValue(f.ids.planElements[2]!)).toBe('Horaires v2');
  });

  it('asked for a later time becomes a scheduled publication once approved, and goes live then', async () => {
    await edit(0, 'Menu de Noël');
    const at = new Date(f.clock.now.getTime() + 2 * HOUR).toISOString();
    const made = await ask(editor, { note: 'Noël', at });
    expect(made.at).toBe(at);
    const approved = await admin.post(approvePath(made.id), {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(data<PublicationRequest>(approved).outcome).toMatchObject({ status: 'scheduled', at });
    expect(await liveValue(f.ids.planElements[0]!)).not.toBe('Menu de Noël');
    f.clock.now = new Date(Date.parse(at) + 1000);
    const [outcome] = await publishDueSets({ ...f.app.kiosk });
    expect(outcome).toMatchObject({ setid: made.id, status: 'published' });
    expect(await liveValue(f.ids.planElements[0]!)).toBe('Menu de Noël');
    const detail = data<PublicationRequestDetail>(await admin.get(onePath(made.id)));
    expect(detail.request.outcome).toMatchObject({ status: 'published' });
  });

  it('may be withdrawn by its author, not by an editor who may not publish; bad input is refused', async () => {
    await edit(0, 'Menu retiré');
    const made = await ask(editor, { note: 'À retirer' });
    await f.createUser('lecteur', 'editor', [devid()]);
    const reader = await f.login('lecteur', 'mot-de-passe-editeur');
    const byReader = await reader.delete(onePath(made.id));
    expect(byReader.statusCode).toBe(403);
    const cannotApprove = await reader.post(approvePath(made.id), {});
    expect(cannotApprove.statusCode).toBe(403);
    const withdrawn = await editor.delete(onePath(made.id));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(data<PublicationRequest>(withdrawn).state).toBe('withdrawn');

    for (const body of [
      {},
      { note: '' },
      { note: 'x', at: '2026-12-01T05:00:00' },
      { note: 'x', rollbackTo: 1, zoneid: f.ids.planZone },
    ]) {
      const response = await editor.post(requestsPath(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const nothing = await editor.post(requestsPath(), { note: 'Rien', zoneid: f.ids.planZone });
    // The withdrawn request's change is still in the draft: one zone's request finds it.
    expect(nothing.statusCode, nothing.body).toBe(201);
    const unknown = await admin.post(approvePath(999_999), {});
    expect(unknown.statusCode).toBe(404);
  });

  it('for a rollback goes through the same approval, refused when live moved since', async () => {
    await fourEyes(false);
    await edit(0, 'Version A');
    expect((await admin.post(publishPath(), {})).statusCode).toBe(200);
    const a = await version();
    await edit(0, 'Version B');
    expect((await admin.post(publishPath(), {})).statusCode).toBe(200);
    await fourEyes(true);

    const made = await ask(editor, { note: 'Retour à A', rollbackTo: a });
    expect(made).toMatchObject({ kind: 'rollback', rollbackTo: a, summary: '1 élément modifié' });
    const approved = await admin.post(approvePath(made.id), {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await liveValue(f.ids.planElements[0]!)).toBe('Version A');
    expect(data<PublicationRequest>(approved).outcome).toMatchObject({ status: 'published' });

    // Made on one live revision, approved on another: refused.
    const back = await ask(editor, { note: 'Retour à B', rollbackTo: a + 1 });
    await admin.post(publishPath(), { bypassReason: 'Correction urgente du plan d’évacuation' });
    await edit(3, 'Autre chose');
    await admin.post(publishPath(), { bypassReason: 'Correction urgente du plan d’évacuation' });
    const stale = await admin.post(approvePath(back.id), {});
    expect(stale.statusCode, stale.body).toBe(409);
    expect(message(stale)).toMatch(/version en ligne/);
  });
});
