// The baseline of the ratio benches: a bare Fastify route per path answering a fixed status and
// JSON body (BARE_ROUTES: {"/path": {status, body}}, or {"PUT /path": ...} for another method than
// GET), in its own process. Started by support/server.ts.
import Fastify from 'fastify';

const routes = JSON.parse(process.env.BARE_ROUTES ?? '{}') as Record<
  string,
  { status: number; body: unknown }
>;
const app = Fastify();
app.get('/__ready', async () => ({ ok: true }));
for (const [route, { status, body }] of Object.entries(routes)) {
  const [method, url] = route.includes(' ') ? route.split(' ') : ['GET', route];
  app.route({
    method: method as 'GET',
    url: url!,
    handler: async (_request, reply) =>
      status === 204 ? reply.code(204).send() : reply.code(status).send(body),
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
