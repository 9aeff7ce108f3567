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
import type { ActiveAlert, AlertMessage, AlertState, AlertTemplate } from '@plant-kiosk/contract';
import type { AlertStartDecision } from './alert-repository.js';
import type { Repositories } from '../db/repositories/index.js';
import { notFound } from '../lib/envelope.js';
import type { EventBus } from '../lib/event-bus.js';

export interface AlertDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
}

/**
 * Who made the call: "api" (the alert token), "cli" when the CLI says so, or a back-office user
 * (the red button, red button and acknowledgements).
 */
export type AlertCaller = 'api' | 'cli' | { userid: number; username: string };

const callerName = (caller: AlertCaller): string =>
  typeof caller === 'string' ? caller : caller.username;
const callerId = (caller: AlertCaller): number | null =>
  typeof caller === 'string' ? null : caller.userid;

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

async function requireDevelopment(repos: Repositories, devid: number): Promise<void> {
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
      : 'cochez « Remplacer l’alerte en cours »';
  return `${inForce} Pour la remplacer par « ${asked.template.name} », ${how} ; sinon terminez-la d’abord.`;
}

export async function startAlert(
  deps: AlertDeps,
  devid: number,
  input: { template: number | string; drill?: boolean; replace?: boolean },
  caller: AlertCaller,
): Promise<AlertOutcome> {
  const { repos, bus } = deps;
  await requireDevelopment(repos, devid);
  const template = await resolveTemplate(repos, devid, input.template);
  const now = deps.now();
  const drill = input.drill ?? false;
  const asked: AlertStartRequest = {
    templateid: template.templateid,
    drill,
    replace: input.replace ?? false,
  };
  const change = await repos.alerts.start(devid, template, {
    drill,
    by: callerName(caller),
    now,
    decide: (inForce) => replacementRule(inForce, asked),
  });
  const label = `${drill ? 'Exercice' : 'Alerte'} « ${template.name} »`;
  const e = drill ? '' : 'e'; // "Exercice … déclenché", "Alerte … déclenchée".
  if (change.refused) {
    const current = change.alert!;
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
        replace: asked.replace,
        inForce: current.templateName,
        inForceDrill: current.drill,
        alertid: current.alertid ?? null,
      },
    });
    return {
      alert: current,
      changed: false,
      delivered: 0,
      refused: true,
      message: refusalMessage(current, { template, drill }, caller),
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
    },
  });
  const delivered = await bus.publish(alertMessage(devid, change.alert));
  return {
    alert: change.alert,
    changed: true,
    delivered,
    message: change.previous
      ? `${label} déclenché${e} : remplace ${change.previous.drill ? 'l’exercice' : 'l’alerte'} « ${change.previous.templateName} »`
      : `${label} déclenché${e}`,
  };
}

export async function endAlert(
  deps: AlertDeps,
  devid: number,
  caller: AlertCaller,
): Promise<AlertOutcome> {
  const { repos, bus } = deps;
  await requireDevelopment(repos, devid);
  const now = deps.now();
  const change = await repos.alerts.end(devid, now, callerName(caller));
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
    },
  });
  const delivered = await bus.publish(alertMessage(devid, null));
  return {
    alert: null,
    changed: true,
    delivered,
    message: change.previous.drill
      ? `Exercice « ${change.previous.templateName} » terminé`
      : `Alerte « ${change.previous.templateName} » terminée`,
  };
}

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
