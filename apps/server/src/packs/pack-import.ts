/**
 * Import of a content pack (issue 44, docs/content-packs.md), after `readPack` checked all of it:
 * the pack's records are written into the **draft** of a development — a new one (`as`), or an
 * existing one whose draft the pack replaces (`into`) — never straight to the totems: the team
 * sees the differences in « Modifications non publiées » and publishes them. Its media join the
 * development's library, deduplicated by checksum against it.
 *
 * Nothing is left behind by a failure: media files are placed under new names first (never over
 * an existing file), then every row is written in one write transaction (`BEGIN IMMEDIATE` on
 * SQLite: other processes write too); if that transaction fails, the placed files are removed.
 * Ids are the pack's own: each record gets a new id, and the references between records follow
 * the maps. Dates may be shifted by (now − the pack's reference time).
 */
import { link, mkdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import {
  DEFAULT_TIME_ZONE,
  DevelopmentSettings,
  MODEL_FIELDS,
  hashPasswordForLogin,
  type PackContent,
  type PackModel,
} from '@plant-kiosk/contract';
import { Value } from '@sinclair/typebox/value';
import type { Transaction } from 'kysely';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { Database } from '../db/schema.js';
import { hashClientPassword, type ScryptCost } from '../lib/passwords.js';
import { PackError } from './pack-error.js';
import { mediaPathOf } from './pack-export.js';
import type { ReadMedia, ReadPack } from './pack-reader.js';

export type ImportTarget = { as: string; login?: string; password?: string } | { into: string };

type PublishDraftInput = Parameters<Repositories['revisions']['publishDraft']>[1];

export interface ImportOptions {
  /** Shift every date by (now − the pack's reference time): demo and template packs. */
  shiftDates?: boolean;
  /** Who imports, for the audit log ("cli" from the command line). */
  actor?: { userid: number | null; username: string };
  /**
   * A new development's pack published as its revision 1, in the import's transaction (the demo
   * plant a first start imports: a new totem shows content at once). Every other import lands in
   * the draft, for the team to publish.
   */
  publishAs?: { author: PublishDraftInput['author']; note: string };
}

export interface ImportResult {
  devid: number;
  devname: string;
  created: boolean;
  counts: Record<string, number>;
  /** Media files written; the others were already in the library. */
  mediaAdded: number;
  mediaReused: number;
}

const str = (value: unknown) => String(value);
const num = (value: unknown) => Number(value);

/** The date shifted by `shiftMs`, or as it was (null and unparsable dates untouched). */
function shifted(value: unknown, shiftMs: number): string | null {
  if (value === null || value === undefined) return null;
  const time = Date.parse(String(value));
  if (Number.isNaN(time) || shiftMs === 0) return String(value);
  return new Date(time + shiftMs).toISOString();
}

/** The media value with its path replaced, keeping its form (`media/…`, `/media/…`, `pdf/…`). */
function remapValue(value: unknown, paths: ReadonlyMap<string, string>): unknown {
  const path = mediaPathOf(value);
  if (path === null) return value;
  const next = paths.get(path);
  if (next === undefined) return value;
  const slash = String(value).startsWith('/') ? '/' : '';
  return next.startsWith('pdf/') ? `${slash}${next}` : `${slash}media/${next}`;
}

/**
 * A pack's settings as this server stores them, or null when they are not valid: the fields added
 * since the pack's format version take their defaults first (format 1 had no `timeZone`).
 */
function settingsOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const settings = { timeZone: DEFAULT_TIME_ZONE, ...(parsed as Record<string, unknown>) };
    return Value.Check(DevelopmentSettings, settings) ? JSON.stringify(settings) : null;
  } catch {
    return null;
  }
}

/** A free path in the development's upload folder for a pack's file (never over an existing one). */
async function freePath(mediaDir: string, devid: number, media: ReadMedia): Promise<string> {
  const folder = media.kind === 'pdf' ? `pdf/uploads/${devid}` : `uploads/${devid}`;
  const name = basename(media.path);
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let attempt = 0; ; attempt += 1) {
    const candidate = `${folder}/${attempt === 0 ? name : `${stem}-${attempt}${extension}`}`;
    try {
      await stat(join(mediaDir, candidate));
    } catch {
      return candidate;
    }
  }
}

export async function importPack(
  deps: {
    repos: Repositories;
    mediaDir: string;
    now?: () => Date;
    /** scrypt cost of a new kiosk account's password (the server's; tests use a cheap one). */
    passwordCost?: ScryptCost;
  },
  pack: ReadPack,
  target: ImportTarget,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const now = (deps.now ?? (() => new Date()))();
  const { content, manifest } = pack;
  const shiftMs = options.shiftDates ? now.getTime() - Date.parse(manifest.referenceTime) : 0;
  const actor = options.actor ?? { userid: null, username: 'cli' };

  const reasons: string[] = [];
  const settings = content.setting[0];
  if (settings && settingsOf(str(settings.settings)) === null) {
    reasons.push('Les réglages du paquet ne sont pas valides.');
  }
  const models = await modelsOf(deps.repos, content.models, reasons);
  const existing = await deps.repos.developments.findByName(
    'as' in target ? target.as : target.into,
  );
  if ('as' in target && existing) reasons.push(`Le développement « ${target.as} » existe déjà.`);
  if ('into' in target && !existing) {
    reasons.push(`Le développement « ${target.into} » n’existe pas.`);
  }
  if (reasons.length > 0) throw new PackError(reasons.join(' '), reasons);

  const hash =
    'as' in target && target.login && target.password
      ? await hashClientPassword(hashPasswordForLogin(target.password), deps.passwordCost)
      : undefined;

  // The development first when it is new, so that its media have a folder; the rest after.
  const placed: string[] = [];
  try {
    return await deps.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      let devid: number;
      let devname: string;
      if ('as' in target) {
        const row = await tx.developments.create(target.as, now);
        devid = row.devid;
        devname = row.devname;
        for (const [label, fields] of Object.entries(MODEL_FIELDS)) {
          if (!(await tx.models.find(label))) await tx.models.upsert(label, fields);
        }
        // Revision 1, empty, as the back-office creates a development; the pack is its draft
        // (unless it is published as that revision 1, below).
        if (!options.publishAs) {
          await tx.revisions.publishDraft(devid, {
            author: { kind: 'cli', name: null, userid: null },
            source: 'creation',
            now,
          });
        }
        if (target.login && hash) {
          await tx.accounts.createKioskAccount({
            devid,
            login: target.login,
            passwordHash: hash.hash,
            passwordSalt: hash.salt,
          });
        }
      } else {
        devid = existing!.devid;
        devname = existing!.devname;
        await clearDraft(trx, devid);
      }

      const { paths, added, reused } = await placeMedia(
        tx,
        deps.mediaDir,
        devid,
        pack.media,
        now,
        placed,
      );
      const modelids = new Map<number, number>();
      for (const model of content.models) modelids.set(model.modelid, models.get(model.label)!);
      await writeDraft(trx, devid, content, { paths, modelids, shiftMs });
      await tx.draft.bumpDraftVersion(devid, trx);
      if (options.publishAs && 'as' in target) {
        await tx.revisions.publishDraft(devid, {
          ...options.publishAs,
          source: 'seed',
          now,
        });
      }
      const counts: Record<string, number> = { ...manifest.counts };
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        action: 'pack.import',
        targetType: 'development',
        targetId: devid,
        summary: {
          source: manifest.source,
          created: 'as' in target,
          counts,
          mediaAdded: added,
          mediaReused: reused,
        },
      });
      return {
        devid,
        devname,
        created: 'as' in target,
        counts,
        mediaAdded: added,
        mediaReused: reused,
      };
    });
  } catch (error) {
    await Promise.all(placed.map((path) => rm(path, { force: true })));
    throw error;
  }
}

/**
 * The store's model id of each of the pack's models, by label: an existing model must have the
 * same fields (models are shared by every development: a pack never changes one); a missing one
 * is added.
 */
async function modelsOf(
  repos: Repositories,
  models: readonly PackModel[],
  reasons: string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const model of models) {
    const found = await repos.models.find(model.label);
    if (!found) continue;
    if (JSON.stringify(found.fields) !== JSON.stringify(model.fields)) {
      reasons.push(
        `Le modèle « ${model.label} » du paquet n’a pas les mêmes champs que celui du serveur.`,
      );
      continue;
    }
    ids.set(model.label, found.modelid);
  }
  for (const model of models) {
    if (!ids.has(model.label) && reasons.length === 0) {
      ids.set(model.label, (await repos.models.upsert(model.label, model.fields)).modelid);
    }
  }
  return ids;
}

type Trx = Transaction<Database>;

/** Removes a development's draft content, templates and settings (the live content stays). */
async function clearDraft(trx: Trx, devid: number): Promise<void> {
  const zoneids = trx.selectFrom('zones').select('zoneid').where('devid', '=', devid);
  const elementids = trx.selectFrom('elements').select('elementid').where('zoneid', 'in', zoneids);
  await trx.deleteFrom('subelements').where('elementid', 'in', elementids).execute();
  await trx.deleteFrom('subgroups').where('elementid', 'in', elementids).execute();
  await trx.deleteFrom('elements').where('zoneid', 'in', zoneids).execute();
  await trx.deleteFrom('zones').where('devid', '=', devid).execute();
  await trx.deleteFrom('alert_templates').where('devid', '=', devid).execute();
  await trx.deleteFrom('development_settings').where('devid', '=', devid).execute();
}

/**
 * Each pack file in the development's library: one whose checksum the library already holds is
 * reused; another is linked from the reader's temporary folder to a free path of the
 * development's upload folder and recorded. Returns the path each pack path now has.
 */
async function placeMedia(
  tx: Repositories,
  mediaDir: string,
  devid: number,
  media: readonly ReadMedia[],
  now: Date,
  placed: string[],
): Promise<{ paths: Map<string, string>; added: number; reused: number }> {
  const library = await tx.media.list(devid);
  const bySum = new Map<string, string>();
  for (const row of library) {
    if (row.file_sha256) bySum.set(row.file_sha256, row.path);
    bySum.set(row.sha256, row.path);
  }
  const paths = new Map<string, string>();
  let added = 0;
  let reused = 0;
  for (const item of media) {
    const known = bySum.get(item.sha256);
    if (known !== undefined) {
      paths.set(item.path, known);
      reused += 1;
      continue;
    }
    const path = await freePath(mediaDir, devid, item);
    const absolute = join(mediaDir, path);
    await mkdir(dirname(absolute), { recursive: true });
    // A hard link: the reader's copy is already on this file system (DATA_DIR), and a link
    // fails rather than overwrite an existing file.
    await link(item.file, absolute);
    placed.push(absolute);
    await tx.media.insert({
      devid,
      path,
      content_type: item.mime,
      size: item.bytes,
      sha256: item.sha256,
      kind: item.kind,
      original_name: basename(item.path),
      width: null,
      height: null,
      thumbnail_path: null,
      created_at: now.toISOString(),
      file_sha256: item.sha256,
      thumbnail_size: null,
      thumbnail_sha256: null,
    });
    bySum.set(item.sha256, path);
    paths.set(item.path, path);
    added += 1;
  }
  return { paths, added, reused };
}

/** The pack's records in the development's draft, parents first, with new ids. */
async function writeDraft(
  trx: Trx,
  devid: number,
  content: PackContent,
  maps: { paths: Map<string, string>; modelids: Map<number, number>; shiftMs: number },
): Promise<void> {
  const { paths, modelids, shiftMs } = maps;
  const zoneids = new Map<number, number>();
  for (const zone of content.zone) {
    const row = await trx
      .insertInto('zones')
      .values({
        devid,
        zonename: str(zone.zonename),
        type: str(zone.type),
        checklist: zone.checklist ? 1 : 0,
      })
      .returning('zoneid')
      .executeTakeFirstOrThrow();
    zoneids.set(num(zone.zoneid), row.zoneid);
  }
  const elementids = new Map<number, number>();
  for (const element of content.element) {
    const row = await trx
      .insertInto('elements')
      .values({
        zoneid: zoneids.get(num(element.zoneid))!,
        order: num(element.order),
        value: str(remapValue(element.value, paths)),
        type: str(element.type),
        addingdate: shifted(element.addingdate, shiftMs) ?? new Date().toISOString(),
        lang: str(element.lang ?? 'fr'),
        alt: str(element.alt ?? ''),
      })
      .returning('elementid')
      .executeTakeFirstOrThrow();
    elementids.set(num(element.elementid), row.elementid);
  }
  const subgroupids = new Map<number, number>();
  for (const subgroup of content.subgroup) {
    const row = await trx
      .insertInto('subgroups')
      .values({
        elementid: elementids.get(num(subgroup.elementid))!,
        modelid: modelids.get(num(subgroup.modelid))!,
        order: num(subgroup.order),
        addingdate: shifted(subgroup.addingdate, shiftMs) ?? new Date().toISOString(),
        expirationdate: shifted(subgroup.expirationdate, shiftMs),
      })
      .returning('subgroupid')
      .executeTakeFirstOrThrow();
    subgroupids.set(num(subgroup.subgroupid), row.subgroupid);
  }
  for (const item of content.subelement) {
    await trx
      .insertInto('subelements')
      .values({
        elementid: elementids.get(num(item.elementid))!,
        order: num(item.order),
        value: str(remapValue(item.value, paths)),
        type: str(item.type),
        subgroupid: item.subgroupid === null ? null : subgroupids.get(num(item.subgroupid))!,
        fieldlabel: item.fieldlabel === null ? null : str(item.fieldlabel),
        alt: str(item.alt ?? ''),
      })
      .execute();
  }
  for (const template of content.alert_template) {
    await trx
      .insertInto('alert_templates')
      .values({
        devid,
        name: str(template.name),
        kind: str(template.kind),
        title_fr: str(template.title_fr),
        title_en: str(template.title_en),
        instructions_fr: str(template.instructions_fr),
        instructions_en: str(template.instructions_en),
        pictogram: str(template.pictogram),
        colour: str(template.colour),
        image: template.image === null ? null : str(remapValue(template.image, paths)),
        end_text_fr: template.end_text_fr === null ? null : str(template.end_text_fr),
        end_text_en: template.end_text_en === null ? null : str(template.end_text_en),
        max_duration_minutes: num(template.max_duration_minutes),
      })
      .execute();
  }
  for (const setting of content.setting) {
    await trx
      .insertInto('development_settings')
      .values({ devid, settingid: devid, settings: settingsOf(str(setting.settings))! })
      .execute();
  }
}
