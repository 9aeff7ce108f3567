// `npm run build`: builds every app (server bundle, kiosk PWA), even when nothing changed.
import { checkNodeVersion, ensureBuilt, ensureDependencies } from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();
ensureBuilt({ force: process.argv.includes('--force') });
