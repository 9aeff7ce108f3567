/**
 * Four-eyes publishing's notices (issue 51, part 2; decision 048) through the whole app — the
 * publishing doors over HTTP, the app's wiring, the notifier — against a real SMTP server and a
 * real webhook receiver (test-receivers.ts, no mocks): a request made, its approval and its
 * refusal, an admin's publish, schedule and rollback without approval — each an e-mail and a
 * webhook call after the commit; nothing when no channel is enabled; a relay that refuses the
 * connection, or a notifier that fails, never fails the request.
 */
import {
  pathOf,
  type NotificationDelivery,
  type PublicationNotice,
  type PublicationRequest,
} from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { EMPTY_SETTINGS } from './notification-repository.js';
import { readMail, startReceiver, startSmtp } from './test-receivers.js';

const HOUR = 3_600_000;
const REASON = 'Le numéro des pompiers est faux sur tous les totems';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const devid = () => f.ids.devid;
const requestsPath = () => pathOf('adminPublicationRequests', { params: { devid: devid() } });
const approvePath = (setid: number) =>
  pathOf('adminApprovePublicationRequest', { params: { devid: devid(), setid } });
const refusePath = (setid: number) =>
  pathOf('adminRefusePublicationRequest', { params: { devid: devid(), setid } });
const publishPath = () => pathOf('adminPublish', { params: { devid: devid() } });
const edit = (index: number, value: string) =>
  f.repos.draft.updateElementValue(f.ids.planElements[index]!, value);

/** Turns the channels on (both, by default) with the test servers' addresses. */
async function channels(which: { email: boolean; webhook: boolean }, smtpPort = smtp.port) {
  const settings = structuredClone(EMPTY_SETTINGS);
  settings.webhook = { enabled: which.webhook, url: receiver.url, secret: 'secret-du-webhook' };
  settings.email = {
    enabled: which.email,
    host: '127.0.0.1',
    port: smtpPort,
    security: 'none',
    user: '',
    password: '',
    from: 'totems@usine.example',
    to: ['it@usine.example'],
  };
  settings.version = 1;
  await f.repos.notifications.saveSettings(settings, f.clock.now);
}

/** Waits (at most 10 s: PostgreSQL on a busy machine) for what the notifier sends after the request. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('nothing arrived within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mails = () => smtp.mails.map((mail) => readMail(mail.data));
const hooks = () =>
  receiver.received.map((got) => ({
    event: got.headers['x-plant-kiosk-event'],
    notice: JSON.parse(got.body) as PublicationNotice,
  }));

const fourEyes = async () => {
  const response = await admin.put(pathOf('adminSaveFourEyes', { params: { devid: devid() } }), {
    enabled: true,
  });
  expect(response.statusCode, response.body).toBe(200);
};

const ask = async (body: object) => {
  const response = await editor.post(requestsPath(), body);
  expect(response.statusCode, response.body).toBe(201);
  return data<PublicationRequest>(response);
};

beforeEach(async () => {
  f = await createAdminFixture();
  admin = await f.asAdmin();
  editor = await f.asEditor();
  smtp = await startSmtp({});
  receiver = await startReceiver();
  await fourEyes();
});

afterEach(async () => {
  await f.close();
  await smtp.close();
  await receiver.close();
});

describe('publication notices', () => {
  it('tell a request made: the development, the note, who asked, and where to decide', async () => {
    await channels({ email: true, webhook: true });
    await edit(1, 'Menu lundi');
    const made = await ask({ note: 'Menu de la cantine pour lundi' });
    await until(() => smtp.mails.length === 1 && receiver.received.length === 1);

    const [mail] = mails();
    expect(mail!.subject).toBe(
      'Demande de publication sur « neubourg » : Menu de la cantine pour lundi',
    );
    expect(mail!.text).toContain(`editrice demande la publication des modifications du brouillon`);
    expect(mail!.text).toContain('Note : Menu de la cantine pour lundi');
    expect(mail!.text).toContain('1 élément modifié');
    expect(mail!.text).toContain(`/admin/#/demandes/${devid()}`);
    expect(smtp.mails[0]!.to).toEqual(['it@usine.example']);

    const [hook] = hooks();
    expect(hook!.event).toBe('publication.requested');
    expect(hook!.notice).toMatchObject({
      kind: 'publication',
      event: 'requested',
      devid: devid(),
      devname: 'neubourg',
      requestId: made.id,
      subject: mail!.subject,
    });

    // The back-office's « Derniers envois » lists them with their event and subject.
    const list = data<NotificationDelivery[]>(
      await admin.get(pathOf('adminNotificationDeliveries', { query: { limit: 10 } })),
    );
    expect(list.map((delivery) => [delivery.channel, delivery.event, delivery.subject])).toEqual(
      expect.arrayContaining([
        ['email', 'publication.requested', mail!.subject],
        ['webhook', 'publication.requested', mail!.subject],
      ]),
    );
  });

  it('tell an approval and a refusal, with the reviewer and the comment', async () => {
    await channels({ email: true, webhook: false });
    await edit(1, 'Menu mardi');
    const first = await ask({ note: 'Menu de mardi' });
    const approved = await admin.post(approvePath(first.id), { comment: 'Vu, merci' });
    expect(approved.statusCode, approved.body).toBe(200);
    await edit(2, 'Horaires de Noël');
    const second = await ask({ note: 'Horaires de Noël' });
    const refused = await admin.post(refusePath(second.id), { comment: 'Il manque le 24' });
    expect(refused.statusCode, refused.body).toBe(200);
    await until(() => smtp.mails.length === 4);

    const bySubject = new Map(mails().map((mail) => [mail.subject, mail.text]));
    const approval = bySubject.get('Publication approuvée sur « neubourg » : Menu de mardi');
    expect(approval).toContain(`admin a approuvé la demande ${first.id} de editrice`);
    expect(approval).toMatch(/Elle est en ligne : révision \d+\./);
    expect(approval).toContain('Commentaire : Vu, merci');
    const refusal = bySubject.get(
      'Demande de publication refusée sur « neubourg » : Horaires de Noël',
    );
    expect(refusal).toContain(`admin a refusé la demande ${second.id} de editrice`);
    expect(refusal).toContain('Motif du refus : Il manque le 24');
    expect(refusal).toContain(`/admin/#/demandes/${devid()}`);
  });

  it('tell an admin’s publish, schedule and rollback without approval, with the reason', async () => {
    await channels({ email: true, webhook: true });
    await edit(0, 'Numéro corrigé');
    const published = await admin.post(publishPath(), { bypassReason: REASON });
    expect(published.statusCode, published.body).toBe(200);
    const revision = data<{ revision: number }>(published).revision;
    await edit(0, 'Numéro du soir');
    const at = new Date(f.clock.now.getTime() + 2 * HOUR).toISOString();
    const scheduled = await admin.post(publishPath(), { at, bypassReason: REASON });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    // The rollback needs a clean draft: the scheduled change is withdrawn from it first.
    const cancel = await admin.delete(
      pathOf('adminCancelScheduled', {
        params: {
          devid: devid(),
          setid: data<{ scheduled: { id: number } }>(scheduled).scheduled.id,
        },
      }),
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    await admin.post(pathOf('adminDiscardDraft', { params: { devid: devid() } }), {});
    const rolledBack = await admin.post(
      pathOf('adminRollback', { params: { devid: devid(), revision: revision - 1 } }),
      { bypassReason: REASON },
    );
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    await until(() => smtp.mails.length === 3 && receiver.received.length === 3);

    const subjects = mails().map((mail) => mail.subject);
    expect(subjects).toEqual([
      'Publication sans approbation sur « neubourg » par admin',
      'Publication programmée sans approbation sur « neubourg » par admin',
      'Retour à une version sans approbation sur « neubourg » par admin',
    ]);
    for (const mail of mails()) {
      expect(mail.text).toContain(`Raison donnée : ${REASON}`);
      expect(mail.text).toContain('la double validation est activée');
    }
    expect(mails()[0]!.text).toContain(`la révision ${revision} (1 élément modifié)`);
    expect(mails()[1]!.text).toMatch(
      /a programmé sans approbation .* la publication n° \d+, le .* \(heure UTC\)/,
    );
    expect(mails()[2]!.text).toContain(
      `remis en ligne sans approbation sur « neubourg » le contenu de la révision ${revision - 1}`,
    );
    expect(hooks().map((hook) => [hook.event, hook.notice.requestId])).toEqual([
      ['publication.bypass', null],
      ['publication.bypass', null],
      ['publication.bypass', null],
    ]);
  });

  it('send nothing when no channel is enabled', async () => {
    await channels({ email: false, webhook: false });
    await edit(1, 'Menu mercredi');
    const made = await ask({ note: 'Menu de mercredi' });
    expect((await admin.post(approvePath(made.id), {})).statusCode).toBe(200);
    await edit(0, 'Urgence');
    expect((await admin.post(publishPath(), { bypassReason: REASON })).statusCode).toBe(200);
    expect(await f.repos.notifications.list(10)).toEqual([]);
    expect(smtp.mails).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('never fail the request: a relay that refuses is retried later, a failing notifier is ignored', async () => {
    const closed = await startSmtp({});
    const { port } = closed;
    await closed.close();
    await channels({ email: true, webhook: false }, port);
    await edit(1, 'Menu jeudi');
    await ask({ note: 'Menu de jeudi' });
    const newest = async () => (await f.repos.notifications.list(10))[0];
    await until(async () => (await newest())?.state === 'retrying');
    const delivery = await newest();
    expect(delivery).toMatchObject({ channel: 'email', state: 'retrying', attempts: 1 });
    expect(delivery!.lastResult).toBe(`Connexion refusée par 127.0.0.1:${port}`);

    // A notifier that fails (its store gone…) is the wiring's to log: the request goes through.
    f.app.kiosk.notifyPublication = () => Promise.reject(new Error('base de données injoignable'));
    await edit(2, 'Horaires de jeudi');
    const made = await ask({ note: 'Horaires de jeudi' });
    const approved = await admin.post(approvePath(made.id), {});
    expect(approved.statusCode, approved.body).toBe(200);
    await edit(0, 'Urgence du jeudi');
    const bypass = await admin.post(publishPath(), { bypassReason: REASON });
    expect(bypass.statusCode, bypass.body).toBe(200);
  });
});
