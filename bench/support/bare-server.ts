// The baseline of the ratio benches: a bare Fastify route per path answering fixed JSON
// (BARE_ROUTES: {"/path": payload}), in its own process. Started by support/server.ts.
import Fastify from 'fastify';

const routes = JSON.parse(process.env.BARE_ROUTES ?? '{}') as Record<string, unknown>;
const app = Fastify();
app.get('/__ready', async () => ({ ok: true }));
for (const [url, payload] of Object.entries(routes)) app.get(url, async () => payload);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
