// `npm start`: install what is missing, build what is stale, then run the content service, which
// migrates, imports the demo plant's pack (built from demo/) on an empty DATA_DIR and publishes
// it as revision 1, and serves everything on PORT.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNodeVersion, ensureBuilt, ensureDependencies, root } from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();
ensureBuilt();
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
