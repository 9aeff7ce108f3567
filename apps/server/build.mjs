// Bundles the server and the CLI into dist/ (ESM, Node 20). Dependencies of this package stay
// external — installed in node_modules, some native (better-sqlite3) — except the workspace
// packages (@plant-kiosk/*), which ship as TypeScript source and so must be compiled in.
//
// dist/server.js, dist/cli.js and dist/content.js are two-line entry points that turn source maps on before loading
// the bundles, so stack traces point at the TypeScript sources: Node only maps modules loaded after
// `process.setSourceMapsEnabled(true)`.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith('@plant-kiosk/'),
);
const outdir = join(here, 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    'server-main': join(here, 'src/server.ts'),
    'cli-main': join(here, 'src/cli.ts'),
    'content-main': join(here, 'src/packs/content-cli.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled CommonJS code calls require(), which ESM output lacks.
  banner: {
    js: "import { createRequire as __kioskCreateRequire } from 'node:module'; const require = __kioskCreateRequire(import.meta.url);",
  },
});
writeFileSync(
  join(outdir, 'server.js'),
  "process.setSourceMapsEnabled(true);\nawait import('./server-main.js');\n",
);
writeFileSync(
  join(outdir, 'cli.js'),
  "process.setSourceMapsEnabled(true);\nconst { main } = await import('./cli-main.js');\nawait main();\n",
);
writeFileSync(
  join(outdir, 'content.js'),
  "process.setSourceMapsEnabled(true);\nconst { main } = await import('./content-main.js');\nawait main();\n",
);
console.log(`server bundle written to ${outdir}`);
