import autocannon from 'autocannon';
import { startServer, signedInToken } from './support/server.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
const server = process.env.PROF ? await startServerProcess({ args: ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`, '--no-memory-reducer', '--import', 'tsx', 'apps/server/src/main.ts'], dataDirPrefix: 'pet-prof-', env: { HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn' } }) : await startServer();
const token = await signedInToken(server.url);
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: server.url };
const products = (await (await fetch(`${server.url}/v1/subscription/product/list`)).json()) as any;
const premium = products.data.find((p: any) => p.name === 'Premium')!;
const body = JSON.stringify({ pay_type: 'yearly', product_id: premium.id });
import Fastify from 'fastify';
const answer = await (await fetch(`${server.url}/v1/subscription/prices`, { method: 'POST', headers: auth, body })).json();
const bare = Fastify(); bare.post('/v1/subscription/prices', async () => answer); const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
for (let i = 0; i < Number(process.env.ROUNDS ?? 1); i++) {
const b = await autocannon({ url: `${bareUrl}/v1/subscription/prices`, method: 'POST', headers: auth, body, connections: 10, duration: 5 });
const a = await autocannon({ url: `${server.url}/v1/subscription/prices`, method: 'POST', headers: auth, body, connections: 10, duration: 5 });
console.log('app', a.requests.average, 'bare', b.requests.average, 'ratio', (a.requests.average / b.requests.average).toFixed(3), a.non2xx);
}
await bare.close();
const r = await autocannon({ url: `${server.url}/v1/subscription/prices`, method: 'POST', headers: auth, body, connections: 10, duration: process.env.PROF ? 6 : 0.1 });
console.log(r.requests.average, r.non2xx);
await server.stop();
