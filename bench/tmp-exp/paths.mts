import autocannon from 'autocannon';
import { startServer, signedInToken } from '../support/server.ts';
const server = await startServer();
try {
  const token = await signedInToken(server.url);
  const auth = { authorization: `Bearer ${token}` };
  const pet = (await (await fetch(`${server.url}/v1/pet`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }) })).json()) as { id: string };
  const paths = [`/v1/medical/mypetmedicals?pet_id=${pet.id}`, '/v1/appointment/myappointments', `/v1/document/mydocs?pet_id=${pet.id}`, '/v1/config'];
  for (const p of paths) { const r = await fetch(server.url + p, { headers: auth }); console.log(p, r.status, (await r.text()).length, JSON.stringify(Object.fromEntries(r.headers))); }
  for (let round = 0; round < 3; round++) {
    const line: string[] = [];
    for (const p of paths) {
      const r = await autocannon({ url: server.url + p, headers: auth, connections: 10, duration: 3 });
      line.push(`${p.split('?')[0]!.split('/').pop()} ${r.requests.average.toFixed(0)}`);
    }
    console.log(line.join(' | '));
  }
} finally { await server.stop(); }
