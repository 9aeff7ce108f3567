/**
 * What a CAP 1.2 message does (issue 50, decision 044), once cap-document.ts has read and checked
 * it. Messages are keyed by (`sender`, `identifier`), as CAP keys them; a duplicate is answered as
 * the first time and changes nothing.
 *
 * - `status`: Actual → a real alert; Exercise → a drill; Test and System → recorded and answered,
 *   nothing shown; Draft → refused.
 * - `msgType`: Alert → a start, under decision 027's rule as CAP words it (`capStartRule`): a real
 *   alert over a drill escalates, a drill over a real alert is refused, and another alert while
 *   one is in force is refused unless its `references` names the one in force; Update → replaces
 *   the alert it references, only while that one is in force; Cancel → ends the alert in force
 *   only if it references it (a stale Cancel never ends another alert); Ack and Error → recorded.
 * - The template: the back-office's mapping (`eventCode`, then `event`), else the template named
 *   as the CAP `event`, else the free message showing the message's own texts.
 * - `expires` bounds the takeover: the shorter of it and the template's maximum wins (to the
 *   minute above: the alert's duration is counted in whole minutes); one in the past is refused.
 *
 * The message's record is written in the same transaction as what it did, so a process that dies
 * between the two cannot leave an alert started by a message it would then take for a new one.
 */
import {
  nameKey,
  type ActiveAlert,
  type AlertTemplate,
  type AlertText,
  type CapAcks,
  type CapMappingRule,
  type CapOutcome,
} from '@plant-kiosk/contract';
import { randomUUID } from 'node:crypto';
import type { AlertStartDecision } from './alert-repository.js';
import {
  endAlert,
  endedMessage,
  replacementRule,
  requireDevelopment,
  startFromTemplate,
  startedMessage,
  type AlertDeps,
  type AlertOutcome,
} from './alert-service.js';
import {
  capAnswer,
  CapRefusal,
  readCapDocument,
  type CapInfo,
  type CapMessage,
} from './cap-document.js';
import type { StoredCapMessage } from './cap-repository.js';
import { notFound } from '../lib/envelope.js';

/** Our own `sender` in the answers: CAP forbids spaces and commas there. */
export const capSenderOf = (devid: number) => `plant-kiosk.development-${devid}`;

/** The answer to a CAP message: its HTTP status and the CAP document (`Ack` or `Error`). */
export interface CapAnswer {
  status: 200 | 400 | 404 | 409 | 422;
  xml: string;
  /** What the message did (absent on a refusal). */
  outcome?: CapOutcome;
}

/** Whether the alert in force is one of those a message's `references` name. */
const named = (
  inForce: Pick<ActiveAlert, 'alertid'> | null,
  referenced: ReadonlySet<number>,
): boolean => inForce?.alertid !== undefined && referenced.has(inForce.alertid);

/**
 * The start rule as CAP words it: decision 027's `replacementRule`, with `references` naming the
 * alert in force standing for `replace` — and never "keep": a CAP message is a new message, so the
 * same template again replaces the alert when it names it, and is refused otherwise.
 */
export function capStartRule(
  inForce: Pick<ActiveAlert, 'alertid' | 'templateid' | 'drill'> | null,
  asked: { templateid: number; drill: boolean },
  referenced: ReadonlySet<number>,
): AlertStartDecision {
  const replace = named(inForce, referenced);
  const decision = replacementRule(inForce, { ...asked, replace });
  if (decision !== 'keep') return decision;
  return replace ? 'write' : 'refuse';
}

/** What fits the takeover's fields: CAP texts may be long; the screen has its limits. */
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * The free message's texts: the headline (else the event) as the title, the description then the
 * instruction as the instructions, from the `info` blocks in French (`fr-*`) and English (`en-*`;
 * CAP's default language is en-US). A language the message lacks shows the other one's texts, and
 * a message in neither shows its first block in both: a totem never shows an empty takeover.
 */
export function capFreeText(infos: readonly CapInfo[]): AlertText {
  const inLanguage = (prefix: string) =>
    infos.find((info) => info.language.toLowerCase().split('-')[0] === prefix);
  const fr = inLanguage('fr');
  const en = inLanguage('en');
  const fallback = fr ?? en ?? infos[0]!;
  const texts = (info: CapInfo) => ({
    title: clip(info.headline ?? info.event, 200),
    instructions: clip(
      [info.description, info.instruction].filter((text) => text !== null).join('\n\n'),
      4000,
    ),
  });
  const french = texts(fr ?? fallback);
  const english = texts(en ?? fallback);
  return {
    titleFr: french.title,
    titleEn: english.title,
    instructionsFr: french.instructions,
    instructionsEn: english.instructions,
  };
}

/** Which template a message shows, and with which texts. */
export function capTemplate(
  infos: readonly CapInfo[],
  templates: readonly AlertTemplate[],
  rules: readonly CapMappingRule[],
): { template: AlertTemplate; text: AlertText | null; how: string } | null {
  const byId = (templateid: number) => templates.find((t) => t.templateid === templateid);
  for (const rule of rules.filter((r) => r.match === 'eventCode')) {
    const hit = infos.some((info) =>
      info.eventCodes.some(
        (code) =>
          code.value === rule.value &&
          (rule.valueName === undefined || code.valueName === rule.valueName),
      ),
    );
    const template = hit ? byId(rule.templateid) : undefined;
    if (template) return { template, text: null, how: `eventCode ${rule.value}` };
  }
  const events = infos.map((info) => nameKey(info.event));
  for (const rule of rules.filter((r) => r.match === 'event')) {
    const template = events.includes(nameKey(rule.value)) ? byId(rule.templateid) : undefined;
    if (template) return { template, text: null, how: `event ${rule.value}` };
  }
  for (const info of infos) {
    const template = templates.find((t) => nameKey(t.name) === nameKey(info.event));
    if (template) return { template, text: null, how: `event ${info.event}` };
  }
  const free =
    templates.find((t) => t.kind === 'free' && nameKey(t.name) === nameKey('Message libre')) ??
    templates.find((t) => t.kind === 'free');
  return free ? { template: free, text: capFreeText(infos), how: 'free' } : null;
}

/** The earliest `expires` of the message's blocks, as a time (null: none). */
const expiresOf = (infos: readonly CapInfo[]): number | null => {
  const times = infos
    .map((info) => (info.expires ? Date.parse(info.expires) : Number.NaN))
    .filter((time) => !Number.isNaN(time));
  return times.length > 0 ? Math.min(...times) : null;
};

/** A unique-key violation of either store: the same message recorded at once by another call. */
const isDuplicateKey = (error: unknown): boolean => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof message === 'string' && /UNIQUE constraint failed: cap_messages/.test(message))
  );
};

export class CapService {
  constructor(private readonly deps: AlertDeps) {}

  /**
   * Reads a CAP document and does what it says. A refusal of a CAP document is a CAP `Error`
   * (audited); a body that is no CAP document at all throws CapRefusal with `isCap` false, for the
   * route to answer with the JSON envelope.
   */
  async receive(devid: number, xml: string): Promise<CapAnswer> {
    const now = this.deps.now();
    const ours = { sender: capSenderOf(devid), identifier: randomUUID(), now };
    try {
      await requireDevelopment(this.deps.repos, devid);
      const message = readCapDocument(xml);
      const { outcome, note } = await this.act(devid, message);
      return {
        status: 200,
        outcome,
        xml: capAnswer({ ...ours, msgType: 'Ack', note, answered: message }),
      };
    } catch (error) {
      if (!(error instanceof CapRefusal)) throw error;
      await this.deps.repos.audit.insert({
        at: now,
        userid: null,
        username: error.cap.sender ? `CAP ${error.cap.sender}` : 'CAP',
        devid,
        action: 'alert.cap_refused',
        targetType: null,
        targetId: null,
        summary: {
          status: error.status,
          reason: error.message,
          sender: error.cap.sender ?? null,
          identifier: error.cap.identifier ?? null,
          capStatus: error.cap.status ?? null,
          capDocument: error.isCap,
        },
      });
      if (!error.isCap) throw error;
      return {
        status: error.status,
        xml: capAnswer({ ...ours, msgType: 'Error', note: error.message, answered: error.cap }),
      };
    }
  }

  private async act(
    devid: number,
    message: CapMessage,
  ): Promise<{ outcome: CapOutcome; note: string }> {
    const { repos } = this.deps;
    const refuse = (status: CapRefusal['status'], reason: string) =>
      new CapRefusal(status, reason, message);
    const seen = await repos.cap.find(devid, message.sender, message.identifier);
    if (seen)
      return {
        outcome: seen.outcome,
        note: `Message déjà reçu le ${seen.received_at} : rien n’a changé. ${seen.note}`,
      };
    if (message.status === 'Draft')
      throw refuse(422, 'status "Draft": a draft is never shown on the totems, nor recorded');
    const showsNothing =
      message.status === 'Test' ||
      message.status === 'System' ||
      message.msgType === 'Ack' ||
      message.msgType === 'Error';
    if (showsNothing) {
      const note =
        message.msgType === 'Ack' || message.msgType === 'Error'
          ? `${message.msgType} enregistré`
          : `Message de statut ${message.status} enregistré : rien n’est affiché sur les totems`;
      await this.record(devid, message, 'recorded', null, note);
      return { outcome: 'recorded', note };
    }
    const caller = { capSender: message.sender };
    const audit = { cap: { sender: message.sender, identifier: message.identifier } };
    const referenced = await this.referencedAlerts(devid, message);
    const drill = message.status === 'Exercise';

    if (message.msgType === 'Cancel') {
      if (message.references.length === 0)
        throw refuse(400, 'A Cancel names the message it cancels in <references>');
      if (referenced.size === 0)
        throw refuse(404, 'Cancel of an alert this development never received: nothing ended');
      let note = '';
      const outcome = await this.recorded(() =>
        endAlert(this.deps, devid, caller, {
          audit,
          only: (inForce) => named(inForce, referenced),
          written: async (trx, ended) => {
            // `only` let the end through: an alert was in force.
            note = endedMessage(ended!);
            await this.record(devid, message, 'ended', ended?.alertid ?? null, note, trx);
          },
        }),
      );
      if (outcome.refused && outcome.alert)
        throw refuse(
          409,
          `The alert this Cancel references is no longer in force; the one in force (« ${outcome.alert.templateName} », ${outcome.alert.drill ? 'a drill' : 'a real alert'}, started by ${outcome.alert.startedBy}) is not named by it and goes on`,
        );
      if (outcome.refused) {
        note = 'L’alerte que ce message annule est déjà terminée : rien n’a changé';
        await this.record(devid, message, 'unchanged', null, note);
        return { outcome: 'unchanged', note };
      }
      return { outcome: 'ended', note: outcome.message };
    }

    // Alert and Update: a start.
    if (message.infos.length === 0)
      throw refuse(400, `An ${message.msgType} needs an <info> block naming its <event>`);
    if (message.msgType === 'Update') {
      if (message.references.length === 0)
        throw refuse(400, 'An Update names the message it updates in <references>');
      if (referenced.size === 0)
        throw refuse(404, 'Update of an alert this development never received: nothing shown');
    }
    const now = this.deps.now();
    const expires = expiresOf(message.infos);
    if (expires !== null && expires <= now.getTime())
      throw refuse(
        422,
        `<expires> ${new Date(expires).toISOString()} is past (the server's time is ${now.toISOString()}): nothing shown`,
      );
    const templates = await repos.alerts.liveTemplates(devid);
    const mapping = await repos.cap.mapping(devid);
    const chosen = capTemplate(message.infos, templates, mapping.rules);
    if (!chosen)
      throw refuse(
        422,
        `No published template for the event « ${message.infos[0]!.event} », and no free-message template to show its texts`,
      );
    // An Update changes the alert it references, only while that one is in force.
    const staleUpdate = (inForce: ActiveAlert | null) =>
      message.msgType === 'Update' && !named(inForce, referenced);
    let note = '';
    const started: AlertOutcome = await this.recorded(() =>
      startFromTemplate(
        this.deps,
        devid,
        {
          template: chosen.template,
          drill,
          replace: referenced.size > 0,
          text: chosen.text,
          ...(expires === null
            ? {}
            : { maxDurationMinutes: Math.max(1, Math.ceil((expires - now.getTime()) / 60_000)) }),
          audit: { ...audit, template: chosen.how },
          decide: (inForce) =>
            staleUpdate(inForce)
              ? 'refuse'
              : capStartRule(
                  inForce,
                  { templateid: chosen.template.templateid, drill },
                  referenced,
                ),
          refusal: (inForce) =>
            staleUpdate(inForce)
              ? 'The alert this Update references is no longer in force: nothing shown'
              : null,
          written: async (trx, { alert, previous }) => {
            note = startedMessage(chosen.template.name, drill, previous);
            await this.record(
              devid,
              message,
              previous ? 'replaced' : 'started',
              alert.alertid ?? null,
              note,
              trx,
            );
          },
        },
        caller,
      ),
    );
    if (started.refused) throw refuse(409, started.message);
    return { outcome: started.changed ? 'started' : 'unchanged', note: started.message };
  }

  /** The alerts the messages named by `references` started, changed or ended. */
  private async referencedAlerts(devid: number, message: CapMessage): Promise<Set<number>> {
    const alertids = new Set<number>();
    for (const reference of message.references) {
      const seen = await this.deps.repos.cap.find(devid, reference.sender, reference.identifier);
      if (seen?.alertid != null) alertids.add(seen.alertid);
    }
    return alertids;
  }

  /**
   * Runs a start or an end that records the message in its transaction. Another call recording
   * the same message at the same moment makes this one's transaction fail on the key: the message
   * was received, by the other call — answered then as a duplicate.
   */
  private async recorded(work: () => Promise<AlertOutcome>): Promise<AlertOutcome> {
    try {
      return await work();
    } catch (error) {
      if (isDuplicateKey(error))
        throw new CapRefusal(
          409,
          'The same message is being received by another call: send it again to read its answer',
        );
      throw error;
    }
  }

  private async record(
    devid: number,
    message: CapMessage,
    outcome: CapOutcome,
    alertid: number | null,
    note: string,
    db?: Parameters<typeof this.deps.repos.cap.insert>[1],
  ): Promise<void> {
    const row: StoredCapMessage = {
      devid,
      sender: message.sender,
      identifier: message.identifier,
      sent: message.sent,
      status: message.status,
      msg_type: message.msgType,
      outcome,
      alertid,
      note,
      received_at: this.deps.now().toISOString(),
    };
    await this.deps.repos.cap.insert(row, db);
  }

  /** Which totems showed the alert a message started, and when. */
  async acks(devid: number, sender: string, identifier: string): Promise<CapAcks> {
    const { repos } = this.deps;
    await requireDevelopment(repos, devid);
    const seen = await repos.cap.find(devid, sender, identifier);
    if (!seen)
      throw notFound(
        `No CAP message from "${sender}" with identifier "${identifier}" reached development ${devid}`,
      );
    const entry =
      seen.alertid === null ? undefined : await repos.alerts.historyEntry(devid, seen.alertid);
    const inForce =
      seen.alertid !== null &&
      (await repos.alerts.active(devid, this.deps.now()))?.alertid === seen.alertid;
    const acks = seen.alertid === null ? [] : await repos.alerts.acks(seen.alertid);
    const profileOf = await repos.kioskProfiles.byKiosk([devid]);
    return {
      sender: seen.sender,
      identifier: seen.identifier,
      status: seen.status,
      msgType: seen.msg_type,
      outcome: seen.outcome,
      receivedAt: seen.received_at,
      alertid: seen.alertid,
      inForce,
      startedAt: entry?.started_at ?? null,
      endedAt: entry?.ended_at ?? null,
      acks: acks.map((ack) => ({
        kioskId: ack.kioskId,
        name: profileOf.get(`${devid}:${ack.kioskId}`)?.name ?? null,
        location: profileOf.get(`${devid}:${ack.kioskId}`)?.location ?? null,
        displayedAt: ack.displayedAt,
        ackedAt: ack.ackedAt,
        takeoverMs: ack.takeoverMs,
        afterEnd: ack.afterEnd,
      })),
    };
  }
}
