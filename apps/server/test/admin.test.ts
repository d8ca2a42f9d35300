import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_CHECK_MESSAGES } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, v1 } from './identity-helpers.ts';
import { runAdmin } from '../src/admin/commands.ts';

const exec = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function env(): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
  };
}

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, env());
  return { code, out, err, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The command as an operator types it on one line (split on spaces: no argument here has one). */
const adminLine = (line: string, ...moreArgs: string[]) => admin(...line.split(' '), ...moreArgs);

function csvRows(stdout: string) {
  const [header, ...lines] = stdout.trim().split('\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}

const check = (code: string, host?: string, tracker_id?: string) =>
  call(
    t.app,
    'POST',
    '/v1/auth/checkcode',
    { code, ...(tracker_id ? { tracker_id } : {}) },
    { host, ip: freshIp() },
  );

describe(`operator command (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('prints a readable help and refuses unknown commands and options', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    for (const command of [
      'create-plan',
      'list-plans',
      'generate-codes',
      'list-codes',
      'list-users',
      'ban-user',
      'unban-user',
      'mint-signin-token',
    ]) {
      expect(help.stdout).toContain(command);
    }
    expect((await admin('no-such-command')).code).toBe(2);
    expect((await admin('list-plans', '--bogus')).code).toBe(2);
    const missing = await admin('generate-codes', '--brand', 'primepet');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--type is required');
    expect((await admin('list-plans', '--brand', 'nobrand')).stderr).toContain('unknown brand');
  });

  it('creates and lists plans', async () => {
    const created = await adminLine(
      'create-plan --brand petclub --key family --name Family --sequence 3 --monthly 7,99 --yearly 79.99 ' +
        '--pets 6 --documents 500 --medical --appointments --note launch',
    );
    expect(created.code, created.stderr).toBe(0);
    const list = await admin('list-plans', '--brand', 'petclub');
    expect(list.stdout).toMatch(/petclub\s+family\s+Family\s+3\s+7\.99\s+79\.99\s+6\s+500/);
    expect(list.stdout).not.toContain('primepet');
    const duplicate = await adminLine('create-plan --brand petclub --key family --name X --sequence 1');
    expect(duplicate.code).toBe(2);
    const product = await t.app.db
      .selectFrom('product')
      .selectAll()
      .where('plan_key', '=', 'family')
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      monthly_price_cents: 799,
      yearly_price_cents: 7999,
      medical: 1,
      gps_tracking: 0,
    });
  });

  it('generates single codes bound to trackers as CSV; they work once', async () => {
    const res = await adminLine(
      'generate-codes --brand gpstracker --type single --product basis24 --trackers TRK-A1,TRK-A2,TRK-A3 --duration 24',
    );
    expect(res.code, res.stderr).toBe(0);
    const rows = csvRows(res.stdout);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.tracker_id)).toEqual(['TRK-A1', 'TRK-A2', 'TRK-A3']);
    for (const row of rows) {
      expect(row).toMatchObject({
        type: 'single',
        brand: 'gpstracker',
        product: 'basis24',
        duration_months: '24',
      });
      expect(row.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    }
    const host = 'gpstracker.localhost:3000';
    const ok = await check(rows[0]!.code!, host, 'TRK-A1');
    expect(ok.json()).toMatchObject({ isvalid: true, product: { name: 'BASIS 24' } });
    expect((await check(rows[0]!.code!, host, 'TRK-A2')).json().message).toBe(
      CODE_CHECK_MESSAGES.trackerMismatch,
    );
    expect(res.stderr).toContain('not kept');
  });

  it('generates batch codes to a file, lists their state and expires a batch', async () => {
    const file = path.join(t.config.dataDir, 'batch.csv');
    const res = await adminLine(
      'generate-codes --brand primepet --type batch --product basic --count 2 --max-redemptions 5 --note flyer --out',
      file,
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    const rows = csvRows(fs.readFileSync(file, 'utf8'));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.code).toMatch(/^B-/);
    const batchId = rows[0]!.batch_id!;

    const user = await registeredUser(t.app);
    const redeem = await v1(
      t.app,
      'POST',
      '/v1/auth/verifycode',
      { code: rows[0]!.code },
      { cookie: user.cookie, ip: freshIp() },
    );
    expect(redeem.statusCode).toBe(200);
    const listed = await admin('list-codes', '--brand', 'primepet');
    const line = listed.stdout.split('\n').find((l) => l.startsWith(batchId));
    // codes 2, unused 2 (a batch code stays usable below its cap), redeemed 0, expired 0, redemptions 1.
    expect(line).toMatch(new RegExp(`^${batchId}\\s+primepet\\s+batch\\s+basic\\s+2\\s+2\\s+0\\s+0\\s+1\\s`));

    expect((await admin('expire-batch', '--batch', batchId)).code).toBe(0);
    expect((await check(rows[1]!.code!)).json().message).toBe(CODE_CHECK_MESSAGES.expired);
    expect((await admin('list-codes')).stdout.split('\n').find((l) => l.startsWith(batchId))).toMatch(
      /\s2\s+0\s+0\s+2\s+1\s/,
    );
    expect((await admin('expire-batch', '--batch', 'nope')).code).toBe(2);
  });

  it('lists users with brand, verification, ban state and plan', async () => {
    const user = await registeredUser(t.app);
    const table = await admin('list-users', '--search', user.email.split('@')[0]!);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      new RegExp(`${user.id}\\s+${user.email}\\s+Erika Muster\\s+primepet\\s+yes\\s+no\\s+free`),
    );
    const csv = await admin('list-users', '--brand', 'primepet', '--csv');
    const rows = csvRows(csv.stdout);
    expect(rows.find((r) => r.email === user.email)).toMatchObject({
      brand: 'primepet',
      verified: 'yes',
      banned: 'no',
    });
    expect((await admin('list-users', '--brand', 'petclub', '--csv')).stdout).not.toContain(user.email);

    expect((await admin('ban-user', '--email', user.email, '--until', '2999-12-31')).code).toBe(0);
    expect(
      csvRows((await admin('list-users', '--csv')).stdout).find((r) => r.email === user.email)?.banned,
    ).toBe('yes');
    expect((await admin('ban-user', '--email', 'nobody@example.org')).code).toBe(2);
  });

  it('runs as `npm run admin -- <command>`', async () => {
    const result = await exec(
      'npm',
      ['run', '--silent', 'admin', '--', 'list-plans', '--brand', 'hundeschutz'],
      {
        cwd: serverDir,
        env: { ...process.env, ...env() },
      },
    );
    expect(result.stdout).toMatch(/hundeschutz\s+promo\s+Promo\s+4/);
    const help = await exec('npm', ['run', '--silent', 'admin', '--', '--help'], {
      cwd: serverDir,
      env: process.env,
    });
    expect(help.stdout).toContain('Usage: npm run admin -- <command> [options]');
  }, 60_000);
});

describe(`operator command: coupons (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  const isValid = async (user: { token: string; email: string }, code: string, plan = 'premium') => {
    const product = await t.app.db
      .selectFrom('product')
      .select('id')
      .where('partner_id', '=', 'primepet')
      .where('plan_key', '=', plan)
      .executeTakeFirstOrThrow();
    return v1(
      t.app,
      'POST',
      '/v1/coupon/isvalid',
      {
        code_name: code,
        email: user.email,
        duration: 'yearly',
        product_id: product.id,
        coupon_for: 'existing_customer',
      },
      { bearer: user.token },
    );
  };

  it('creates, lists and disables a coupon; the payment screen honours each step', async () => {
    const created = await adminLine(
      'coupon create --code spring26 --percent-off 15 --products premium --interval yearly --for any ' +
        '--valid-until 2099-12-31 --max-redemptions 3 --duration repeating --duration-months 6 --brand primepet',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('SPRING26');
    const list = await adminLine('coupon list --brand primepet');
    expect(list.stdout).toMatch(
      /SPRING26 .*15 % .*premium .*yearly .*any .*\.\.2099-12-31 .*0\/3 .*6 months .*active/,
    );
    const plans = await adminLine('plans list --brand primepet');
    expect(plans.code).toBe(0);
    expect(plans.stdout).toContain('premium');

    const user = await registeredUser(t.app);
    expect((await isValid(user, 'Spring26')).statusCode).toBe(200);
    expect((await isValid(user, 'SPRING26', 'basic')).json().message).toBe('Coupon not valid for product');
    const disabled = await adminLine('coupon disable --code spring26 --brand primepet');
    expect(disabled.code, disabled.stderr).toBe(0);
    const refused = await isValid(user, 'SPRING26');
    expect(refused.statusCode).toBe(476);
    expect(refused.json().message).toBe('Coupon not found');
  });

  it('refuses a duplicate code and contradictory options with a usage error', async () => {
    expect((await adminLine('coupon create --code TWICE --amount-off 5')).code).toBe(0);
    for (const line of [
      'coupon create --code TWICE --amount-off 5',
      'coupon create --code BOTH --percent-off 10 --amount-off 5',
      'coupon create --code NONE',
      'coupon create --code BADINT --percent-off 10 --interval weekly',
      'coupon create --code REP --percent-off 10 --duration repeating',
      'coupon create --code UNKNOWN --percent-off 10 --products nosuchplan',
      'coupon disable --code NOSUCHCODE',
    ]) {
      const result = await adminLine(line);
      expect(result.code, line).toBe(2);
      expect(result.stderr, line).toMatch(/^error: /);
    }
  });
});
