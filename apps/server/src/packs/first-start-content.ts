/**
 * What a new installation shows at once: on a store without the demo development, the server
 * imports the pack at DEMO_PACK (the demo plant that `npm start` builds from demo/, issue 44) as a
 * new development with its kiosk account, its dates shifted to today, and publishes it as revision
 * 1 — a new totem shows content at once; every other import lands in a draft. The server holds no
 * demo content of its own: without the pack it starts empty and says so.
 *
 * PDFs the kiosk's viewers demo and the tests open by name but no content names come in the
 * pack's `fixtures/` folder, copied under DATA_DIR/media at the same time.
 *
 * Runs before any app listens (no totem to tell), so the revision is written in the import's own
 * transaction through the revision store, as a publish with no one connected would: a start cut
 * in the middle leaves no development behind, and the next start imports again.
 */
import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Repositories } from '../db/repositories/index.js';
import { importPack, type ImportResult } from './pack-import.js';
import { readPack } from './pack-reader.js';

export interface FirstStartOptions {
  repos: Repositories;
  mediaDir: string;
  /** The pack to import. */
  pack: string;
  devname: string;
  login: string;
  password: string;
  now?: () => Date;
}

export type FirstStartResult =
  | { imported: true; result: ImportResult; revision: number }
  | { imported: false; reason: 'present' | 'no-pack' };

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

export async function importFirstStartContent(
  options: FirstStartOptions,
): Promise<FirstStartResult> {
  const { repos, mediaDir } = options;
  if (await repos.developments.findByName(options.devname)) {
    return { imported: false, reason: 'present' };
  }
  if (!(await exists(options.pack))) return { imported: false, reason: 'no-pack' };

  await mkdir(join(mediaDir, '.tmp'), { recursive: true });
  const tempDir = await mkdtemp(join(mediaDir, '.tmp', 'first-start-'));
  try {
    const pack = await readPack(options.pack, { tempDir });
    const result = await importPack(
      { repos, mediaDir, now: options.now },
      pack,
      { as: options.devname, login: options.login, password: options.password },
      {
        shiftDates: true,
        actor: { userid: null, username: 'démarrage' },
        publishAs: {
          author: { kind: 'system', name: 'démo', userid: null },
          note: 'Contenu de démonstration',
        },
      },
    );
    const revision = (await repos.developments.find(result.devid))?.content_version ?? 0;
    const fixtures = join(dirname(options.pack), 'fixtures');
    if (await exists(fixtures)) await cp(fixtures, mediaDir, { recursive: true, force: false });
    return { imported: true, result, revision };
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
