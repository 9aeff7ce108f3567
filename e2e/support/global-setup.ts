import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchServer, repoRoot, templateDataDir } from './server';

/**
 * One data directory holding the demo plant (the server imports the demo pack on its first start);
 * every test server starts from a copy of it.
 */
export default async function globalSetup() {
  for (const built of ['apps/server/dist/server.js', 'demo/dist/demo-plant.zip']) {
    if (!existsSync(join(repoRoot, built))) {
      throw new Error(`${built} is not built: run the tests with \`npm test\` (it builds first).`);
    }
  }
  rmSync(templateDataDir, { recursive: true, force: true });
  const server = await launchServer({ dataDir: templateDataDir });
  // The back-office's first admin is created just after the server answers, then the start
  // banner is printed: wait for it so that every copy of the template already has that admin.
  const deadline = Date.now() + 60_000;
  while (!server.output().includes('content service is running') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
}
