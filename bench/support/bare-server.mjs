// The baseline: a bare Fastify route per name returning a constant JSON body (built once), with the
// same content type the real routes send. Anything the real service does beyond this is its cost.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The bodies come in a file: a snapshot (the demo's, with its images' text alternatives) is larger
// than one environment string may be (spawn fails with E2BIG past 128 KiB).
const bodies = process.env.BODIES_FILE
  ? JSON.parse(readFileSync(process.env.BODIES_FILE, 'utf8'))
  : {};
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
for (const [name, body] of Object.entries(bodies)) {
  const buffer = Buffer.from(body);
  app.get(`/bare/${name}`, (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(buffer);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
