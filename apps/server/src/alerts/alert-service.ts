/**
 * Emergency alerts (decision 012): start, end and read the alert in force of a
 * development, for the HTTP calls and the CLI. The state is written to the store first (so a totem
 * that connects, a restarted server or another instance sees it), then announced on the bus as an
 * `alert` message, which the stream hub writes to the development's totems. Every start, change
 * and end is audited.
 *
 * One rule decides what a start does to the alert in force, for every door (the alert API, the
 * CLI, the back-office's red button): `replacementRule`, decision 027. A drill never masks a real
 * alert; a real alert always replaces a drill; another alert of the same kind replaces the one in
 * force only when the call says `replace`.
 */
import type {
  ActiveAlert,
  AlertMessage,
  AlertState,
  AlertTemplate,
  AlertText,
} from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { AlertStartDecision } from './alert-repository.js';
import type { Database } from '../db/schema.js';
import type { Repositories } from '../db/repositories/index.js';
import { notFound } from '../lib/envelope.js';
import type { EventBus } from '../lib/event-bus.js';

export interface AlertDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
}

/**
 * Who made the call: "api" (the alert token), "cli" when the CLI says so, a back-office user
 * (the red button, red button and acknowledgements), or a CAP message's sender (issue 50).
 */
export type AlertCaller =
  'api' | 'cli' | { userid: number; username: string } | { capSender: string };

const callerName = (caller: AlertCaller): string =>
  typeof caller === 'string'
    ? caller
    : 'capSender' in caller
      ? `CAP ${caller.capSender}`
      : caller.username;
const callerId = (caller: AlertCaller): number | null =>
  typeof caller === 'string' || 'capSender' in caller ? null : caller.userid;

export interface AlertOutcome extends AlertState {
  /** For a person: what happened ("Alerte « Évacuation » déclenchée"). */
  message: string;
  /** The replacement rule refused the start: nothing changed, `alert` is the one in force. */
  refused?: boolean;
}

const clockFr = (iso: string) =>
  new Date(iso).toLocaleTimeString('fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
  });

export const alertMessage = (devid: number, alert: ActiveAlert | null): AlertMessage => ({
  type: 'alert',
  devid,
  alert,
});

export async function requireDevelopment(repos: Repositories, devid: number): Promise<void> {
  if (!(await repos.developments.find(devid)))
    throw notFound(`Development ${devid} does not exist`);
}

async function resolveTemplate(
  repos: Repositories,
  devid: number,
  ref: number | string,
): Promise<AlertTemplate> {
  const template = await repos.alerts.findLiveTemplate(devid, ref);
  if (!template)
    throw notFound(
      `No published alert template ${typeof ref === 'number' ? ref : `"${ref}"`} in development ${devid}`,
    );
  return template;
}

/** What a start asks for: which template, real or drill, and whether it may replace its kind. */
export interface AlertStartRequest {
  templateid: number;
  drill: boolean;
  /** Replace an alert of the same kind (real or drill) in force; never a real one by a drill. */
  replace: boolean;
}

/**
 * The replacement rule (decision 027), the same for every door:
 *
 * | in force → asked                   | decision                          |
 * | ---------------------------------- | --------------------------------- |
 * | none                               | write (start)                     |
 * | same template, same kind           | keep: nothing changes             |
 * | a drill → a real alert             | write: a real alert always wins   |
 * | a real alert → a drill             | refuse, whatever the call says    |
 * | another template, same kind        | refuse, unless `replace`          |
 */
export function replacementRule(
  inForce: Pick<ActiveAlert, 'templateid' | 'drill'> | null,
  asked: AlertStartRequest,
): AlertStartDecision {
  if (!inForce) return 'write';
  if (inForce.templateid === asked.templateid && inForce.drill === asked.drill) return 'keep';
  if (inForce.drill && !asked.drill) return 'write';
  if (!inForce.drill && asked.drill) return 'refuse';
  return asked.replace ? 'write' : 'refuse';
}

/** Why a start was refused, naming the alert in force and what the caller can do. */
function refusalMessage(
  current: ActiveAlert,
  asked: { template: AlertTemplate; drill: boolean },
  caller: AlertCaller,
): string {
  const inForce = `${current.drill ? 'Un exercice est' : 'Une alerte réelle est'} en cours : « ${current.templateName} », déclenché${current.drill ? '' : 'e'} par ${current.startedBy} à ${clockFr(current.startedAt)}.`;
  if (!current.drill && asked.drill)
    return `${inForce} Un exercice ne remplace jamais une alerte réelle : terminez-la d’abord.`;
  const how =
    typeof caller === 'string'
      ? caller === 'cli'
        ? 'relancez la commande avec --replace'
        : 'renvoyez l’appel avec "replace": true'
      : 'capSender' in caller
        ? 'envoyez un message CAP dont <references> nomme celui de l’alerte en cours'
        : 'cochez « Remplacer l’alerte en cours »';
  return `${inForce} Pour la remplacer par « ${asked.template.name} », ${how} ; sinon terminez-la d’abord.`;
}

/** "Alerte « Évacuation » déclenchée", "… : remplace l’exercice « Confinement »". */
export function startedMessage(
  templateName: string,
  drill: boolean,
  previous: Pick<ActiveAlert, 'drill' | 'templateName'> | null,
): string {
  const label = `${drill ? 'Exercice' : 'Alerte'} « ${templateName} »`;
  const e = drill ? '' : 'e'; // "Exercice … déclenché", "Alerte … déclenchée".
  return previous
    ? `${label} déclenché${e} : remplace ${previous.drill ? 'l’exercice' : 'l’alerte'} « ${previous.templateName} »`
    : `${label} déclenché${e}`;
}

/** A start from a template already found, under a rule the caller chose (decision 027's, or CAP's). */
export interface TemplateStart {
  template: AlertTemplate;
  drill: boolean;
  decide: (inForce: ActiveAlert | null) => AlertStartDecision;
  /** The call asked to replace the alert in force (audited). */
  replace: boolean;
  /** Texts over the template's (a CAP free message). */
  text?: AlertText | null;
  /** Shorter than the template's maximum (a CAP `expires`). */
  maxDurationMinutes?: number;
  /** In the start's transaction, once the alert is written (a CAP message's record). */
  written?: (
    trx: Transaction<Database>,
    change: { alert: ActiveAlert; previous: ActiveAlert | null },
  ) => Promise<void>;
  /** Words a refusal the caller's rule made for its own reason (null: the usual words). */
  refusal?: (inForce: ActiveAlert | null) => string | null;
  /** More for the audit rows (a CAP message's key). */
  audit?: Record<string, unknown>;
}

/**
 * Starts an alert from a template, or not, as `start.decide` says of the alert in force; audits
 * what happened and announces a change on the bus.
 */
export async function startFromTemplate(
  deps: AlertDeps,
  devid: number,
  start: TemplateStart,
  caller: AlertCaller,
): Promise<AlertOutcome> {
  const { repos, bus } = deps;
  const { template, drill } = start;
  const now = deps.now();
  const change = await repos.alerts.start(devid, template, {
    drill,
    by: callerName(caller),
    now,
    decide: start.decide,
    text: start.text ?? null,
    ...(start.maxDurationMinutes === undefined
      ? {}
      : { maxDurationMinutes: start.maxDurationMinutes }),
    ...(start.written ? { written: start.written } : {}),
  });
  const label = `${drill ? 'Exercice' : 'Alerte'} « ${template.name} »`;
  if (change.refused) {
    const current = change.alert;
    await repos.audit.insert({
      at: now,
      userid: callerId(caller),
      username: callerName(caller),
      devid,
      action: 'alert.refused',
      targetType: 'alert_template',
      targetId: template.templateid,
      summary: {
        template: template.name,
        drill,
        replace: start.replace,
        inForce: current?.templateName ?? null,
        inForceDrill: current?.drill ?? null,
        alertid: current?.alertid ?? null,
        ...start.audit,
      },
    });
    return {
      alert: current,
      changed: false,
      delivered: 0,
      refused: true,
      message:
        start.refusal?.(current) ??
        (current
          ? refusalMessage(current, { template, drill }, caller)
          : `${label} refusé${drill ? '' : 'e'}`),
    };
  }
  if (!change.changed)
    return {
      alert: change.alert,
      changed: false,
      delivered: 0,
      message: `${label} déjà en cours depuis ${change.alert!.startedAt} : rien n’a changé`,
    };
  await repos.audit.insert({
    at: now,
    userid: callerId(caller),
    username: callerName(caller),
    devid,
    action: change.previous ? 'alert.replace' : 'alert.start',
    targetType: 'alert_template',
    targetId: template.templateid,
    summary: {
      template: template.name,
      drill,
      alertid: change.alert?.alertid ?? null,
      ...(change.previous
        ? { replaced: change.previous.templateName, replacedDrill: change.previous.drill }
        : {}),
      ...start.audit,
    },
  });
  const delivered = await bus.publish(alertMessage(devid, change.alert));
  return {
    alert: change.alert,
    changed: true,
    delivered,
    message: startedMessage(template.name, drill, change.previous),
  };
}

export async function startAlert(
  deps: AlertDeps,
  devid: number,
  input: { template: number | string; drill?: boolean; replace?: boolean },
  caller: AlertCaller,
): Promise<AlertOutcome> {
  await requireDevelopment(deps.repos, devid);
  const template = await resolveTemplate(deps.repos, devid, input.template);
  const drill = input.drill ?? false;
  const asked: AlertStartRequest = {
    templateid: template.templateid,
    drill,
    replace: input.replace ?? false,
  };
  return startFromTemplate(
    deps,
    devid,
    {
      template,
      drill,
      replace: asked.replace,
      decide: (inForce) => replacementRule(inForce, asked),
    },
    caller,
  );
}

/** An end under a condition (a CAP `Cancel`), recorded in its transaction. */
export interface EndOptions {
  /** Ends the alert in force only when this says yes of it (decided in the transaction). */
  only?: (inForce: ActiveAlert | null) => boolean;
  written?: (trx: Transaction<Database>, ended: ActiveAlert | null) => Promise<void>;
  /** More for the audit row. */
  audit?: Record<string, unknown>;
}

export async function endAlert(
  deps: AlertDeps,
  devid: number,
  caller: AlertCaller,
  options: EndOptions = {},
): Promise<AlertOutcome> {
  const { repos, bus } = deps;
  await requireDevelopment(repos, devid);
  const now = deps.now();
  const change = await repos.alerts.end(devid, now, callerName(caller), {
    ...(options.only ? { only: options.only } : {}),
    ...(options.written ? { written: options.written } : {}),
  });
  if (change.refused)
    return {
      alert: change.alert,
      changed: false,
      delivered: 0,
      refused: true,
      message: change.alert
        ? `${change.alert.drill ? 'L’exercice' : 'L’alerte'} en cours (« ${change.alert.templateName} ») n’est pas celle que l’appel nomme : elle continue`
        : 'Aucune alerte en cours',
    };
  if (!change.previous)
    // Decision 012: ending when nothing is in force is a no-op said in the body (200), so that a
    // panel that sends "end" twice, or after the totems' own timeout, gets no error.
    return { alert: null, changed: false, delivered: 0, message: 'Aucune alerte en cours' };
  await repos.audit.insert({
    at: now,
    userid: callerId(caller),
    username: callerName(caller),
    devid,
    action: 'alert.end',
    targetType: 'alert_template',
    targetId: change.previous.templateid,
    summary: {
      template: change.previous.templateName,
      drill: change.previous.drill,
      alertid: change.previous.alertid ?? null,
      // Red button and acknowledgements: how many totems said they showed it (the timeline's CSV
      // has each of them).
      ...(change.previous.alertid === undefined
        ? {}
        : { acknowledged: (await repos.alerts.acks(change.previous.alertid)).length }),
      ...options.audit,
    },
  });
  const delivered = await bus.publish(alertMessage(devid, null));
  return {
    alert: null,
    changed: true,
    delivered,
    message: endedMessage(change.previous),
  };
}

/** "Exercice « Évacuation » terminé", "Alerte « Confinement » terminée". */
export const endedMessage = (ended: Pick<ActiveAlert, 'drill' | 'templateName'>): string =>
  ended.drill
    ? `Exercice « ${ended.templateName} » terminé`
    : `Alerte « ${ended.templateName} » terminée`;

export async function currentAlert(deps: AlertDeps, devid: number): Promise<AlertOutcome> {
  await requireDevelopment(deps.repos, devid);
  const alert = await deps.repos.alerts.active(devid, deps.now());
  return {
    alert,
    changed: false,
    delivered: 0,
    message: alert
      ? `${alert.drill ? 'Exercice' : 'Alerte'} « ${alert.templateName} » en cours`
      : 'Aucune alerte en cours',
  };
}
