/**
 * The health rules' evaluator (issue 48, part 2; decision 041). Every `checkMs` it reads, for each
 * development, the fleet (ProfiledFleet: the same list the fleet page shows), the alert in force
 * and its acknowledgements (alertView), the held scheduled publications, the published settings
 * (time zone, opening hours), the rules and the mutes; it decides which conditions hold now, and
 * moves each incident through its state machine, one per (development, totem, rule):
 *
 *   condition true  → pending (first_seen_at)   — nothing said yet
 *   pending, true for the quiet period          → raised   → notify(raised)
 *   pending, false                               → dropped  (nothing was said)
 *   raised, false                                → clearing (clear_pending_since)
 *   clearing, true again                         → raised   (no message: no flapping)
 *   clearing, false for the quiet period         → cleared  → notify(cleared)
 *
 * A third verdict, `hold`, is for what the plant's closing hides: outside the opening hours a
 * totem's silence, lag and missing media raise nothing new (a pending one is dropped), and an
 * incident already raised neither clears because the plant closed nor says anything: it waits
 * for the morning (a totem that comes back meanwhile clears as usual: its condition is false).
 * A muted totem raises nothing until its mute ends; an incident it already had clears normally.
 *
 * Several instances on one PostgreSQL run this each: every move is a conditional statement
 * (health-repository.ts) and only the instance whose statement changed the row sends the notice.
 */
import {
  HEALTH_RULE_KINDS,
  type AdminDevelopment,
  type HealthNotice,
  type HealthRuleKind,
  type HealthRulesRequest,
  type KioskStatus,
} from '@plant-kiosk/contract';
import { alertView } from '../alerts/index.js';
import type { Repositories } from '../db/repositories/index.js';
import { ProfiledFleet } from '../fleet/index.js';
import type { EventBus } from '../lib/event-bus.js';
import { toHealthIncident, type HealthIncidentRow } from './health-repository.js';
import { noticeWords } from './health-notice-text.js';
import { plantOpenAt } from './opening-hours-gate.js';

export const HEALTH_CHECK_MS = 30_000;

const MINUTE = 60_000;

export interface HealthMonitorDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
  /** Hands a raise or a clear to the notifications (their failures are theirs: logged here). */
  notify: (notice: HealthNotice) => Promise<void>;
  log?: { error: (object: unknown, message: string) => void };
}

type Verdict = 'true' | 'false' | 'hold';

/** A condition found true (or held) now, with what its notice says. */
interface Finding {
  kioskId: string | null;
  rule: HealthRuleKind;
  verdict: Exclude<Verdict, 'false'>;
  /** Since when the fact holds (null: since the incident opened). */
  since: Date | null;
  storagePercent?: number;
}

interface DevelopmentReading {
  development: AdminDevelopment;
  rules: HealthRulesRequest;
  timeZone: string;
  totems: Map<string, KioskStatus>;
  muted: Set<string>;
  findings: Map<string, Finding>;
}

const keyOf = (kioskId: string | null, rule: HealthRuleKind) => `${kioskId ?? '*'}:${rule}`;

export class HealthMonitor {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly fleet: ProfiledFleet;

  constructor(
    private readonly deps: HealthMonitorDeps,
    private readonly checkMs = HEALTH_CHECK_MS,
  ) {
    this.fleet = new ProfiledFleet(deps);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.checkNow().catch((error: unknown) => {
        this.deps.log?.error({ err: error }, 'health rules: the check failed');
      });
    }, this.checkMs);
    this.timer.unref();
  }

  /** Stops the clock and waits for a check under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One check of every development (a check under way is joined, never run twice at once). */
  checkNow(): Promise<void> {
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<void> {
    const at = this.deps.now();
    const [developments, totems] = await Promise.all([
      this.deps.repos.developments.listForAdmin(),
      this.fleet.list(),
    ]);
    for (const development of developments) {
      const own = totems.filter((status) => status.devid === development.devid);
      const reading = await this.read(development, own, at);
      await this.apply(reading, at);
    }
    await this.deps.repos.health.dropEndedMutes(at);
  }

  private async read(
    development: AdminDevelopment,
    totems: KioskStatus[],
    at: Date,
  ): Promise<DevelopmentReading> {
    const { devid } = development;
    const { repos } = this.deps;
    const [{ rules }, mutes, settings] = await Promise.all([
      repos.health.rules(devid),
      repos.health.mutes(devid, at),
      repos.settings.live(devid),
    ]);
    const open = plantOpenAt(settings, at);
    const findings = new Map<string, Finding>();
    const found = (finding: Finding) => findings.set(keyOf(finding.kioskId, finding.rule), finding);
    const on = (rule: HealthRuleKind) => rules.rules[rule].enabled;
    const threshold = (rule: HealthRuleKind) => rules.rules[rule].threshold;
    // What the closing hides: a totem expected to be off is silent, late and short of media.
    const closedVerdict: Finding['verdict'] = open ? 'true' : 'hold';

    for (const status of totems) {
      if (status.presence === 'never-seen') continue;
      const kioskId = status.kioskId;
      const lastSeen = new Date(status.lastSeenAt);
      const silentFor = at.getTime() - lastSeen.getTime();
      const silent = on('silent')
        ? silentFor >= threshold('silent') * MINUTE
        : status.presence === 'silent';
      if (on('silent') && silent) {
        found({ kioskId, rule: 'silent', verdict: closedVerdict, since: lastSeen });
      }
      // A silent totem's lag and media are its silence's consequences: one incident tells it.
      if (silent) continue;
      if (on('behind') && status.behindSince !== null) {
        const since = new Date(status.behindSince);
        if (at.getTime() - since.getTime() >= threshold('behind') * MINUTE) {
          found({ kioskId, rule: 'behind', verdict: closedVerdict, since });
        }
      }
      if (on('media-incomplete') && status.media && status.media.phase !== 'complete') {
        found({ kioskId, rule: 'media-incomplete', verdict: closedVerdict, since: null });
      }
      if (
        on('storage-full') &&
        status.storageUsedBytes !== null &&
        status.storageQuotaBytes !== null &&
        status.storageQuotaBytes > 0
      ) {
        const percent = Math.round((status.storageUsedBytes / status.storageQuotaBytes) * 100);
        if (percent >= threshold('storage-full')) {
          found({
            kioskId,
            rule: 'storage-full',
            verdict: 'true',
            since: null,
            storagePercent: percent,
          });
        }
      }
    }

    if (on('schedule-held')) {
      const sets = await repos.changeSets.list(devid, 0);
      if (sets.some((set) => set.status === 'held')) {
        found({ kioskId: null, rule: 'schedule-held', verdict: 'true', since: null });
      }
    }

    if (on('alert-unacknowledged')) {
      const view = await alertView({ repos, now: () => at }, devid, false);
      if (view.alert) {
        const started = new Date(view.alert.startedAt);
        if (at.getTime() - started.getTime() >= threshold('alert-unacknowledged') * 1000) {
          // Online totems that have not said they show it; offline and silent ones are the
          // silent rule's business.
          for (const kiosk of view.kiosks) {
            if (kiosk.online && kiosk.ackedAt === null) {
              found({
                kioskId: kiosk.kioskId,
                rule: 'alert-unacknowledged',
                verdict: 'true',
                since: started,
              });
            }
          }
        }
      }
    }

    return {
      development,
      rules,
      timeZone: settings.timeZone,
      totems: new Map(totems.map((status) => [status.kioskId, status])),
      muted: new Set(mutes.map((mute) => mute.kioskId)),
      findings,
    };
  }

  private async apply(reading: DevelopmentReading, at: Date): Promise<void> {
    const { repos } = this.deps;
    const devid = reading.development.devid;
    const open = await repos.health.open(devid);
    const seen = new Set<string>();
    for (const row of open) {
      const rule = row.rule as HealthRuleKind;
      if (!HEALTH_RULE_KINDS.includes(rule)) continue;
      const key = keyOf(row.kiosk_id, rule);
      seen.add(key);
      await this.step(reading, row, reading.findings.get(key), at);
    }
    for (const [key, finding] of reading.findings) {
      if (seen.has(key) || finding.verdict !== 'true') continue;
      if (finding.kioskId !== null && reading.muted.has(finding.kioskId)) continue;
      const row = await repos.health.openPending(devid, finding.kioskId, finding.rule, at);
      // Undefined: another instance opened it first; its next check moves it on.
      if (row) await this.step(reading, row, finding, at);
    }
  }

  /** How long a condition must hold before it is raised. */
  private raiseDelayMs(rules: HealthRulesRequest, rule: HealthRuleKind): number {
    const quiet = rules.quietMinutes * MINUTE;
    // The alert's own threshold is its wait: seconds count there, not minutes.
    if (rule === 'alert-unacknowledged') return 0;
    // No time in the totem's report says since when its media are incomplete: the incident's
    // first sighting does.
    if (rule === 'media-incomplete') return Math.max(quiet, rules.rules[rule].threshold * MINUTE);
    return quiet;
  }

  private async step(
    reading: DevelopmentReading,
    initial: HealthIncidentRow,
    finding: Finding | undefined,
    at: Date,
  ): Promise<void> {
    const { health } = this.deps.repos;
    const verdict: Verdict = finding?.verdict ?? 'false';
    const quietMs = reading.rules.quietMinutes * MINUTE;
    const rule = initial.rule as HealthRuleKind;
    const muted = initial.kiosk_id !== null && reading.muted.has(initial.kiosk_id);
    let row = initial;
    // A move may allow the next one at once (a quiet period of 0): a few rounds at most.
    for (let round = 0; round < 3; round += 1) {
      const id = Number(row.incident_id);
      if (row.state === 'pending') {
        if (verdict !== 'true' || muted) {
          await health.dropPending(id);
          return;
        }
        const firstSeen = new Date(row.first_seen_at).getTime();
        if (at.getTime() - firstSeen < this.raiseDelayMs(reading.rules, rule)) return;
        if (!(await health.raise(id, at))) return;
        row = { ...row, state: 'raised', raised_at: at.toISOString() };
        await this.send(reading, row, finding, at);
        return;
      }
      if (row.state === 'raised') {
        if (verdict !== 'false') return;
        if (!(await health.startClearing(id, at))) return;
        row = { ...row, state: 'clearing', clear_pending_since: at.toISOString() };
        continue;
      }
      if (row.state === 'clearing') {
        if (verdict !== 'false') {
          await health.reraise(id);
          return;
        }
        const since = new Date(row.clear_pending_since ?? at.toISOString()).getTime();
        if (at.getTime() - since < quietMs) return;
        if (!(await health.clear(id, at))) return;
        row = { ...row, state: 'cleared', cleared_at: at.toISOString(), open_key: null };
        await this.send(reading, row, finding, at);
        return;
      }
      return;
    }
  }

  private async send(
    reading: DevelopmentReading,
    row: HealthIncidentRow,
    finding: Finding | undefined,
    at: Date,
  ): Promise<void> {
    const incident = toHealthIncident(row);
    const status = row.kiosk_id === null ? undefined : reading.totems.get(row.kiosk_id);
    const state = row.state === 'cleared' ? 'cleared' : 'raised';
    const since = finding?.since ?? new Date(row.first_seen_at);
    const kioskName = status?.name ?? null;
    const words = noticeWords({
      rule: incident.rule,
      state,
      devid: incident.devid,
      devname: reading.development.devname,
      kioskId: incident.kioskId,
      kioskName,
      kioskLocation: status?.location ?? null,
      since,
      at,
      timeZone: reading.timeZone,
      rules: reading.rules,
      storagePercent: finding?.storagePercent ?? null,
    });
    const notice: HealthNotice = {
      noticeId: `${incident.incidentId}-${state}`,
      incidentId: incident.incidentId,
      state,
      rule: incident.rule,
      devid: incident.devid,
      devname: reading.development.devname,
      kioskId: incident.kioskId,
      kioskName,
      subject: words.subject,
      text: words.text,
      raisedAt: row.raised_at ?? at.toISOString(),
      clearedAt: state === 'cleared' ? (row.cleared_at ?? at.toISOString()) : null,
      at: at.toISOString(),
    };
    try {
      await this.deps.notify(notice);
    } catch (error) {
      this.deps.log?.error({ err: error, noticeId: notice.noticeId }, 'health notice not handed');
    }
  }
}
