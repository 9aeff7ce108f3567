// The baseline: a bare Fastify route per name returning a constant JSON body (built once), with the
// same content type the real routes send. Anything the real service does beyond this is its cost.
import Fastify from 'fastify';

const bodies = JSON.parse(process.env.BODIES ?? '{}');
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
for (const [name, body] of Object.entries(bodies)) {
  const buffer = Buffer.from(body);
  app.get(`/bare/${name}`, (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(buffer);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
