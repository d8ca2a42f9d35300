import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, setPlanByAdmin } from '../support/session.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

it('creates a signed-in user and moves them to a plan with a generated code', async () => {
  const user = await createUser(server);
  expect(user.cookies.length).toBeGreaterThan(0);
  await setPlanByAdmin(server, user, 'premium');
  const info = await api<{ product: { name: string } }>(user, 'GET', '/v1/auth/myinfo');
  expect(info.body.product.name).toBe('Premium');
});
