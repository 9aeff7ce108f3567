/**
 * Child process of save-crash.test.ts: saves one sub-group through the back-office's ContentEditor
 * (the same code as PUT /api/admin/subgroups/:id) as fast as it can, on a SQLite file, printing
 * `saved N` after each commit — until the test kills it with SIGKILL at a random moment. With the
 * `publish` mode, each save is followed by a publish of the draft (the publisher's transaction),
 * announced by `published N` once committed.
 *
 * Each save N writes every field of the sub-group with values naming N, so a partial save would
 * show as a mix of generations. Usage: node --import tsx save-crash-child.ts DB_PATH SUBGROUPID
 * USERID FIRST_GENERATION [save|publish] (tsx in this process, not its CLI: the CLI runs a
 * grandchild that a SIGKILL of the CLI would leave running).
 */
import { openDatabase } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import { ContentEditor } from './content-editor.js';
import { subgroups } from './content-kinds.js';

/** Values of generation `n`: one title and IMAGES_PER_SAVE images, each naming it. */
export const IMAGES_PER_SAVE = 40;
export function generationFields(n: number) {
  return {
    titre: [{ value: `Génération ${n}`, type: 'text' as const }],
    image: Array.from({ length: IMAGES_PER_SAVE }, (_, i) => ({
      value: `/media/products/gen-${n}-${i}.png`,
      type: 'image' as const,
    })),
  };
}

async function main() {
  const [dbPath, subgroupArg, userArg, firstArg, mode = 'save'] = process.argv.slice(2);
  if (!dbPath || !subgroupArg || !userArg || !firstArg)
    throw new Error('usage: DB_PATH SUBGROUPID USERID FIRST_GENERATION');
  const subgroupid = Number(subgroupArg);
  const handle = await openDatabase({ url: dbPath });
  const repos = createRepositories(handle.db);
  const now = () => new Date();
  const editor = new ContentEditor({ repos, now });
  const actor = { userid: Number(userArg), username: 'crash-test' };
  for (let n = Number(firstArg); ; n++) {
    const owned = await editor.subgroup(subgroupid);
    await editor.update(subgroups, actor, owned, {
      expectedVersion: owned.item.version,
      fields: generationFields(n),
    });
    process.stdout.write(`saved ${n}\n`);
    if (mode === 'publish') {
      await repos.revisions.publishDraft(owned.devid, {
        author: { kind: 'user', name: actor.username, userid: actor.userid },
        source: 'publish',
        now: now(),
      });
      process.stdout.write(`published ${n}\n`);
    }
  }
}

// Only when run as a script (the test imports generationFields from here).
if (process.argv[1]?.endsWith('save-crash-child.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
