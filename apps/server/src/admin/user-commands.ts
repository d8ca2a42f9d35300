import type { FastifyInstance } from 'fastify';
import { BRANDS } from '@pet/contract';
import { listProducts } from '../modules/plans/plans.repo.ts';
import * as users from '../modules/identity/identity.repo.ts';
import {
  brandOption,
  csvLine,
  endOfDay,
  table,
  text,
  UsageError,
  type Command,
  type Values,
} from './options.ts';

async function userByEmail(app: FastifyInstance, values: Values) {
  const email = text(values, 'email', true)!.toLowerCase();
  const user = await users.findAuthUserByEmail(app.db, email);
  if (!user) throw new UsageError(`no user with the e-mail ${email}`);
  return user;
}

/** User accounts: list, ban, sign in as (see HELP in commands.ts). */
export const USER_COMMANDS: Record<string, Command> = {
  'list-users': async (app, values, io) => {
    const brand = brandOption(values, false);
    const list = await users.listAuthUsers(app.db, {
      partnerId: brand?.partnerId,
      search: text(values, 'search'),
    });
    const plans = new Map((await listProducts(app.db)).map((p) => [p.id, p.plan_key]));
    const subscriptions = new Map(
      (await app.db.selectFrom('user_subscription').select(['user_id', 'product_id']).execute()).map((s) => [
        s.user_id,
        s.product_id,
      ]),
    );
    const header = ['id', 'email', 'name', 'brand', 'verified', 'banned', 'plan', 'created'];
    const rows = list.map((u) => [
      u.id,
      u.email,
      u.name,
      u.partnerId ?? '',
      u.emailVerified ? 'yes' : 'no',
      u.banned ? 'yes' : 'no',
      plans.get(subscriptions.get(u.id) ?? '') ?? '',
      u.createdAt.slice(0, 10),
    ]);
    if (values.csv) {
      io.out(csvLine(header));
      rows.forEach((row) => io.out(csvLine(row)));
    } else {
      table([header, ...rows]).forEach((line) => io.out(line));
      io.err(`${rows.length} user(s)`);
    }
  },

  'ban-user': async (app, values, io) => {
    const user = await userByEmail(app, values);
    const until = endOfDay(values, 'until');
    await users.setBan(app.db, app.database.kind, user.id, {
      banned: true,
      reason: text(values, 'reason') ?? null,
      expiresAt: until,
    });
    io.out(
      `banned ${user.email}${until ? ` until ${until.toISOString()}` : ''}: sign-in and existing sessions are refused`,
    );
  },

  'unban-user': async (app, values, io) => {
    const user = await userByEmail(app, values);
    await users.setBan(app.db, app.database.kind, user.id, { banned: false, reason: null, expiresAt: null });
    io.out(`unbanned ${user.email}`);
  },

  'mint-signin-token': async (app, values, io) => {
    const user = await userByEmail(app, values);
    if (!user.emailVerified) throw new UsageError(`${user.email} has not verified the e-mail address`);
    const { token, expiresIn } = await app.identity.mintSignInToken(user.id);
    const host = Object.entries(app.config.brandHosts).find(
      ([, brand]) => BRANDS[brand].partnerId === user.partnerId,
    )?.[0];
    const origin = host ? app.identity.hosts.originForHost(host) : app.config.publicUrl;
    const continueUrl = text(values, 'continue-url') ?? `${origin}/`;
    io.out(token);
    io.out(
      `${origin}/signin?continueUrl=${encodeURIComponent(continueUrl)}&token=${encodeURIComponent(token)}`,
    );
    io.err(`single use, valid ${Math.round(expiresIn / 60)} minutes`);
  },
};
