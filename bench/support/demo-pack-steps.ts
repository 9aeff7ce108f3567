/**
 * One step of the demo-pack bench (suites/demo-pack.ts), in a process of its own so that each is
 * timed alone, from inside (no tsx start): prints `{"ms": …}` on its last line.
 *   first-start <dataDir> <pack>   the server's first-start import of the pack, published as revision 1
 *   draw <workDir>                 drawing the demo plant (zones, SVGs, PDFs, videos), no rasterising
 */
import { join } from 'node:path';
import { MediaStore, drawDemoPlant } from '../../demo/src/demo-pack.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { createRepositories } from '../../apps/server/src/db/repositories/index.js';
import { importFirstStartContent } from '../../apps/server/src/packs/first-start-content.js';

const [step, dir, pack] = process.argv.slice(2);
if (!dir || (step === 'first-start' && !pack) || !['first-start', 'draw'].includes(step ?? '')) {
  console.error('usage: demo-pack-steps.ts first-start <dataDir> <pack> | draw <workDir>');
  process.exit(2);
}

if (step === 'first-start') {
  const database = await openDatabase({ url: join(dir, 'kiosk.sqlite') });
  const repos = createRepositories(database.db);
  const started = performance.now();
  const outcome = await importFirstStartContent({
    repos,
    mediaDir: join(dir, 'media'),
    pack: pack!,
    devname: 'neubourg',
    login: 'kiosk',
    password: 'kiosk',
  });
  const ms = performance.now() - started;
  await database.close();
  if (!outcome.imported) throw new Error(`not imported: ${outcome.reason}`);
  console.log(JSON.stringify({ ms, revision: outcome.revision }));
} else {
  const started = performance.now();
  const media = new MediaStore(join(dir, 'media'), join(dir, 'fixtures'));
  const { zones } = await drawDemoPlant(media, new Date());
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, zones: zones.length }));
}
