/**
 * The health rules' back-office side (issue 48, part 2; decision 041): read and save a
 * development's rules (thresholds checked against their bounds, French 400s), list its incidents,
 * mute and unmute a totem. Saves and mutes are audited in the same transaction as the write.
 */
import {
  HEALTH_AUDIT_ACTIONS,
  HEALTH_RULE_KINDS,
  HEALTH_RULE_LABELS,
  HEALTH_RULE_THRESHOLDS,
  type HealthIncidentList,
  type HealthRules,
  type HealthRulesRequest,
  type KioskMute,
} from '@plant-kiosk/contract';
import type { Actor } from '../audit/index.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { EventBus } from '../lib/event-bus.js';
import { badRequest, notFound } from '../lib/envelope.js';
import { ProfiledFleet } from '../fleet/index.js';
import { toHealthIncident } from './health-repository.js';

export const HEALTH_MESSAGES = {
  unknownDevelopment: 'Ce développement n’existe pas.',
  unknownKiosk:
    'Ce totem n’existe pas dans ce développement (il a peut-être été oublié) : rechargez la liste des totems.',
  saved: 'Règles de santé enregistrées : elles s’appliquent dès la prochaine vérification.',
  muted: (hours: number) =>
    `Totem en sourdine pendant ${hours} h : aucun message à son sujet jusque-là.`,
  unmuted: 'Fin de la sourdine : ce totem peut de nouveau donner lieu à des messages.',
  notMuted: 'Ce totem n’était pas en sourdine.',
} as const;

const UNITS = { minutes: 'min', percent: '%', seconds: 's', none: '' } as const;

/** The French 400 of a threshold outside its rule's bounds (null: all good). */
export function rulesProblem(rules: HealthRulesRequest): string | null {
  for (const kind of HEALTH_RULE_KINDS) {
    const bounds = HEALTH_RULE_THRESHOLDS[kind];
    if (bounds.unit === 'none') continue;
    const value = rules.rules[kind].threshold;
    if (value < bounds.min || value > bounds.max) {
      const unit = UNITS[bounds.unit];
      return `« ${HEALTH_RULE_LABELS[kind]} » : le seuil doit être compris entre ${bounds.min} et ${bounds.max} ${unit} (reçu : ${value}).`;
    }
  }
  return null;
}

export interface HealthServiceDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
}

export class HealthService {
  constructor(private readonly deps: HealthServiceDeps) {}

  private async requireDevelopment(devid: number): Promise<void> {
    if (!(await this.deps.repos.developments.find(devid))) {
      throw notFound(HEALTH_MESSAGES.unknownDevelopment);
    }
  }

  async rules(devid: number, canEdit: boolean): Promise<HealthRules> {
    await this.requireDevelopment(devid);
    const { rules, updatedAt } = await this.deps.repos.health.rules(devid);
    return { devid, ...rules, updatedAt, canEdit };
  }

  async saveRules(devid: number, wanted: HealthRulesRequest, actor: Actor): Promise<HealthRules> {
    await this.requireDevelopment(devid);
    const problem = rulesProblem(wanted);
    if (problem) throw badRequest(problem);
    // The threshold a rule without one carries is kept as the default: one shape everywhere.
    const rules: HealthRulesRequest = {
      quietMinutes: wanted.quietMinutes,
      rules: {
        ...wanted.rules,
        'schedule-held': { ...wanted.rules['schedule-held'], threshold: 0 },
      },
    };
    const now = this.deps.now();
    await this.deps.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      const before = await tx.health.rules(devid);
      await tx.health.saveRules(devid, rules, now);
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        action: HEALTH_AUDIT_ACTIONS.rules,
        targetType: 'health-rules',
        summary: { before: before.rules, after: rules },
      });
    });
    return { devid, ...rules, updatedAt: now.toISOString(), canEdit: true };
  }

  async incidents(devid: number): Promise<HealthIncidentList> {
    await this.requireDevelopment(devid);
    const now = this.deps.now();
    const [rows, mutes, totems] = await Promise.all([
      this.deps.repos.health.list(devid),
      this.deps.repos.health.mutes(devid, now),
      new ProfiledFleet(this.deps).list([devid]),
    ]);
    const names = new Map(totems.map((status) => [status.kioskId, status.name ?? null]));
    return {
      incidents: rows.map((row) =>
        toHealthIncident(row, row.kiosk_id === null ? null : (names.get(row.kiosk_id) ?? null)),
      ),
      mutes,
    };
  }

  private async requireKiosk(devid: number, kioskId: string): Promise<void> {
    const { repos } = this.deps;
    const known =
      (await repos.kiosks.has(devid, kioskId)) ||
      (await repos.kioskIdentities.find(devid, kioskId)) !== undefined;
    if (!known) throw notFound(HEALTH_MESSAGES.unknownKiosk);
  }

  async mute(devid: number, kioskId: string, hours: number, actor: Actor): Promise<KioskMute> {
    await this.requireKiosk(devid, kioskId);
    const now = this.deps.now();
    const until = new Date(now.getTime() + hours * 3_600_000);
    await this.deps.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      await tx.health.mute(devid, kioskId, until);
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        action: HEALTH_AUDIT_ACTIONS.mute,
        targetType: 'kiosk',
        summary: { kioskId, hours, until: until.toISOString() },
      });
    });
    return { devid, kioskId, until: until.toISOString() };
  }

  /** Ends the mute; whether there was one. */
  async unmute(devid: number, kioskId: string, actor: Actor): Promise<boolean> {
    await this.requireKiosk(devid, kioskId);
    const now = this.deps.now();
    return this.deps.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      const ended = await tx.health.unmute(devid, kioskId);
      if (ended) {
        await tx.audit.insert({
          at: now,
          userid: actor.userid,
          username: actor.username,
          devid,
          action: HEALTH_AUDIT_ACTIONS.unmute,
          targetType: 'kiosk',
          summary: { kioskId },
        });
      }
      return ended;
    });
  }
}
