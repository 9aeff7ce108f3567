/**
 * Alert templates edited in the back-office (red button and acknowledgements, decision 022), the
 * way content is edited (content-editor.ts): every write is one transaction that
 * 1. bumps the development's draft_version first — the row lock that orders the development's
 *    edits, publishes and alert starts, and what "Modifications non publiées" counts on;
 * 2. re-reads the template and compares its version with the one the form was made on (409 with
 *    the current template), the write itself carrying the version check too;
 * 3. writes, then appends the audit entry (`alert_template.create|update|delete`, which the list
 *    of unpublished changes reads for "by whom, when").
 * Anything thrown rolls it all back. Nothing reaches a totem before a publish.
 *
 * The checks: the contract's (`alertTemplateErrors`, shared with the form), then the server's own —
 * the image must be an image of the development's media library, the name free in the
 * development (compared by the contract's nameKey — case, Unicode form and invisible characters
 * aside — as a trigger finds a template by name that way: a look-alike of an existing name is a
 * 409, issue 40 item 6), and a template cannot be
 * deleted while it is the one of the alert in force: its totems show it, and the publish that
 * would take it from them is refused anyway (decision 012), so the draft refuses first and says why.
 */
import {
  alertTemplateErrors,
  nameIssues,
  nameKey,
  normalizeAlertTemplateInput,
  type AdminAlertTemplate,
  type AdminAlertTemplateList,
  type AlertTemplate,
  type AlertTemplateInput,
  type UpdateAlertTemplateRequest,
} from '@plant-kiosk/contract';
import type { DraftAlertTemplate } from './alert-template-repository.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { AppContext } from '../lib/context.js';
import { badRequest, notFound } from '../lib/envelope.js';
import type { Actor } from '../audit/index.js';
import { ADMIN_MESSAGES, ConflictError, conflict, isUniqueViolation } from '../lib/admin/errors.js';
import { brief } from '../audit/index.js';

const FIELDS = [
  'name',
  'kind',
  'titleFr',
  'titleEn',
  'instructionsFr',
  'instructionsEn',
  'pictogram',
  'colour',
  'image',
  'endTextFr',
  'endTextEn',
  'maxDurationMinutes',
] as const satisfies ReadonlyArray<keyof AlertTemplate>;

const nameTaken = (name: string) =>
  conflict(`Un modèle d’alerte nommé « ${name} » existe déjà dans ce développement.`);

const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/**
 * The templates whose stored name breaks the naming rules (look-alike-names.ts) or looks like
 * another's: saved before the rules, they are listed with the reasons, never renamed (a panel's
 * configuration may name them; the admin decides).
 */
function nameWarnings(
  templates: readonly DraftAlertTemplate[],
): AdminAlertTemplateList['nameWarnings'] {
  return templates.flatMap(({ templateid, name }) => {
    const twins = templates.filter(
      (other) => other.templateid !== templateid && sameName(other.name, name),
    );
    const reasons = [
      ...nameIssues(name),
      ...twins.map(
        (twin) =>
          `se confond avec le modèle « ${twin.name} » (n° ${twin.templateid}) : un déclencheur qui donne ce nom ne sait pas lequel il obtiendra`,
      ),
    ];
    return reasons.length > 0 ? [{ templateid, name, reasons }] : [];
  });
}

const paris = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
  });

/** The template's fields as published (no version), to compare draft and live. */
const content = (template: AlertTemplate): AlertTemplate =>
  Object.fromEntries([
    ['templateid', template.templateid],
    ...FIELDS.map((field) => [field, template[field]]),
  ]) as AlertTemplate;

const summaryOf = (template: AlertTemplate) =>
  Object.fromEntries(FIELDS.map((field) => [field, brief(template[field])]));

export class AlertTemplateEditor {
  constructor(private readonly ctx: Pick<AppContext, 'repos' | 'now'>) {}

  /** The draft's templates, each saying whether the totems have it as is and whether it is in use. */
  async list(devid: number): Promise<AdminAlertTemplateList> {
    const repos = this.ctx.repos;
    const [drafts, live, active] = await Promise.all([
      repos.alertTemplates.list(devid),
      repos.alertTemplates.published(devid),
      repos.alerts.active(devid, this.ctx.now()),
    ]);
    const liveById = new Map(live.map((template) => [template.templateid, template]));
    const draftIds = new Set(drafts.map((template) => template.templateid));
    return {
      devid,
      templates: drafts.map((draft) => this.view(draft, liveById.get(draft.templateid), active)),
      removedUnpublished: live
        .filter((template) => !draftIds.has(template.templateid))
        .map(({ templateid, name }) => ({ templateid, name })),
      nameWarnings: nameWarnings(drafts),
    };
  }

  /** One template of the development's draft (404 otherwise). */
  async find(devid: number, templateid: number): Promise<DraftAlertTemplate> {
    const template = await this.ctx.repos.alertTemplates.find(devid, templateid);
    if (!template) throw notFound(`Le modèle d’alerte ${templateid} n’existe pas.`);
    return template;
  }

  async create(actor: Actor, devid: number, body: AlertTemplateInput): Promise<AdminAlertTemplate> {
    const input = this.checked(body);
    try {
      return await this.write(actor, devid, async (tx) => {
        await this.checkAgainstStore(tx, devid, input, null);
        const created = await tx.alertTemplates.insert(devid, input);
        return [
          await this.one(tx, devid, created),
          {
            action: 'alert_template.create',
            targetId: created.templateid,
            summary: { after: summaryOf(created) },
          },
        ];
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name);
      throw error;
    }
  }

  async update(
    actor: Actor,
    devid: number,
    template: DraftAlertTemplate,
    body: UpdateAlertTemplateRequest,
  ): Promise<AdminAlertTemplate> {
    const { expectedVersion, ...rest } = body;
    const input = this.checked(rest);
    const { templateid } = template;
    try {
      return await this.write(actor, devid, async (tx) => {
        const current = await tx.alertTemplates.find(devid, templateid);
        if (!current) throw notFound(ADMIN_MESSAGES.gone);
        if (current.version !== expectedVersion)
          throw new ConflictError(await this.one(tx, devid, current));
        await this.checkAgainstStore(tx, devid, input, current);
        const updated = await tx.alertTemplates.update(templateid, expectedVersion, input);
        if (!updated) {
          const now = await tx.alertTemplates.find(devid, templateid);
          throw now
            ? new ConflictError(await this.one(tx, devid, now))
            : notFound(ADMIN_MESSAGES.gone);
        }
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const field of FIELDS) {
          if (current[field] === updated[field]) continue;
          before[field] = brief(current[field]);
          after[field] = brief(updated[field]);
        }
        return [
          await this.one(tx, devid, updated),
          { action: 'alert_template.update', targetId: templateid, summary: { before, after } },
        ];
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name);
      throw error;
    }
  }

  async remove(
    actor: Actor,
    devid: number,
    template: DraftAlertTemplate,
    expectedVersion: number,
  ): Promise<void> {
    const { templateid } = template;
    await this.write(actor, devid, async (tx) => {
      const current = await tx.alertTemplates.find(devid, templateid);
      if (!current) throw notFound(ADMIN_MESSAGES.gone);
      if (current.version !== expectedVersion)
        throw new ConflictError(await this.one(tx, devid, current));
      // Under the development's lock (taken by write): an alert cannot start in between.
      const active = await tx.alerts.active(devid, this.ctx.now());
      if (active && active.templateid === templateid) {
        throw conflict(
          `Le modèle « ${current.name} » est celui de l’alerte en cours (« ${active.templateName} »${active.drill ? ', exercice' : ''}, déclenchée par ${active.startedBy} le ${paris(active.startedAt)}) : il ne peut pas être supprimé. Terminez l’alerte avant de le supprimer.`,
        );
      }
      if (!(await tx.alertTemplates.delete(templateid, expectedVersion))) {
        const now = await tx.alertTemplates.find(devid, templateid);
        throw now
          ? new ConflictError(await this.one(tx, devid, now))
          : notFound(ADMIN_MESSAGES.gone);
      }
      return [
        undefined,
        {
          action: 'alert_template.delete',
          targetId: templateid,
          summary: { deleted: summaryOf(current) },
        },
      ];
    });
  }

  // ---------- internals ----------

  /** The contract's checks on the normalized input (400 with the first message). */
  private checked(body: AlertTemplateInput): AlertTemplateInput {
    const input = normalizeAlertTemplateInput(body);
    const [first] = Object.values(alertTemplateErrors(input));
    if (first) throw badRequest(first);
    return input;
  }

  /** What only the store knows: the name is free, the image is in the media library. */
  private async checkAgainstStore(
    tx: Repositories,
    devid: number,
    input: AlertTemplateInput,
    current: DraftAlertTemplate | null,
  ): Promise<void> {
    const others = (await tx.alertTemplates.list(devid)).filter(
      (template) => template.templateid !== current?.templateid,
    );
    if (others.some((template) => sameName(template.name, input.name))) throw nameTaken(input.name);
    // An image kept as it was is not checked again (a file the library no longer lists stays
    // until someone changes it); a new one must be an image of the library.
    if (
      input.image !== null &&
      input.image !== current?.image &&
      !(await tx.alertTemplates.imageInLibrary(devid, input.image))
    ) {
      throw badRequest(
        `L’image « ${input.image} » n’est pas une image de la médiathèque de ce développement : choisissez-la dans la médiathèque (ajoutez-la d’abord si besoin).`,
      );
    }
  }

  private view(
    draft: DraftAlertTemplate,
    live: AlertTemplate | undefined,
    active: { templateid: number } | null,
  ): AdminAlertTemplate {
    return {
      ...content(draft),
      version: draft.version,
      unpublished: !live || JSON.stringify(content(live)) !== JSON.stringify(content(draft)),
      inUse: active?.templateid === draft.templateid,
    };
  }

  /** The template as the back-office sees it, read in the transaction `tx`. */
  private async one(
    tx: Repositories,
    devid: number,
    draft: DraftAlertTemplate,
  ): Promise<AdminAlertTemplate> {
    const live = (await tx.alertTemplates.published(devid)).find(
      (template) => template.templateid === draft.templateid,
    );
    return this.view(draft, live, await tx.alerts.active(devid, this.ctx.now()));
  }

  private async write<T>(
    actor: Actor,
    devid: number,
    work: (
      tx: Repositories,
    ) => Promise<[T, { action: string; targetId: number; summary: Record<string, unknown> }]>,
  ): Promise<T> {
    const now = this.ctx.now();
    return this.ctx.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      // First: the development's row lock (see the module's header).
      await tx.draft.bumpDraftVersion(devid);
      const [value, audit] = await work(tx);
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        targetType: 'alert_template',
        ...audit,
      });
      return value;
    });
  }
}
