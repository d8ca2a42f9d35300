import { parseArgs } from 'node:util';
import { BRAND_IDS } from '@pet/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { BILLING_COMMANDS, ORDER_ARGUMENT } from './billing-commands.ts';
import { OPTIONS, UsageError, type AdminIo, type Command, type Values } from './options.ts';
import { PLAN_COMMANDS } from './plan-commands.ts';
import { USER_COMMANDS } from './user-commands.ts';

/**
 * The operator command: `npm run admin -- <command> [options]` (from the repository root or
 * apps/server). It works on the database of the environment (DATA_DIR / DATABASE_URL, the same
 * variables as the server), so an operator runs the business without touching the database.
 * The commands live by group: plan-commands.ts, billing-commands.ts, user-commands.ts.
 */
const HELP = `Pet portal operator command

Usage: npm run admin -- <command> [options]
       (uses the server's environment: DATA_DIR or DATABASE_URL, AUTH_SECRET, CODE_SECRET, PUBLIC_URL)

Plans
  list-plans [--brand <brand>]   (also: plans list)
      Lists the plan catalogue (all brands, or one).
  create-plan --brand <brand> --key <key> --name <name> --sequence <0-4> [options]
      Adds a plan. Options: --monthly <euro> --yearly <euro> --pets <n> --documents <n|unlimited>
      --gps --medical --appointments --duration <1|12|24> --note <text> --default
      --monthly-price-id <id> --yearly-price-id <id> --stripe-id <id>

Activation codes
  generate-codes --brand <brand> --type <single|batch> --product <plan key> [options]
      Generates codes and prints them as CSV (code,type,brand,product,duration_months,tracker_id,
      expires_at,batch_id). This is the only time the codes exist in clear: the database keeps
      only their HMAC. Options:
        --count <n>               number of codes (default 1; with --trackers: one per tracker)
        --duration <months>       the product is attached for this many months
        --trackers <id,id,...>    bind each code to one GPS tracker id
        --max-redemptions <n>     batch codes: redemptions per code (default: no cap)
        --expires <YYYY-MM-DD>    the codes expire at the end of this day (UTC)
        --gift  --promo  --trial-months <n>   flags copied to the redeeming user
        --note <text>             kept with the batch
        --out <file.csv>          write the CSV to a file (mode 0600) instead of stdout
      Omitting --product generates codes without a product (they answer 471 until replaced).
  list-codes [--brand <brand>]
      Code batches with their counts of unused, redeemed and expired codes.
  expire-batch --batch <batch id>
      Expires every code of a batch now (a lost or withdrawn batch).

Coupons (the payment screen's coupon field)
  coupon create --code <CODE> (--percent-off <n> | --amount-off <euro>) [options]
      Options: --products <key|id,...> (plans as list-plans shows them; default: every plan)
      --interval <monthly|yearly> --for <new|existing|any> (default any)
      --valid-from <YYYY-MM-DD> --valid-until <YYYY-MM-DD> (end of that day, UTC)
      --max-redemptions <n> --duration <once|forever|repeating> (default once)
      --duration-months <n> (with repeating) --brand <brand> (default: the server's BRAND)
  coupon list [--brand <brand>]
      Coupons with their redemptions and state.
  coupon disable --code <CODE> [--brand <brand>]
      The coupon is refused from now on (as not found); redemptions stay.

Orders
  order refund <ORDER_ID> [--amount <euro>]
      Refunds a paid order at the payment provider (in full, or --amount of it) and issues its
      credit note, numbered in the brand's own credit-note series (e.g. PP-G-2026-000001); the
      user finds it beside the invoice on Bills. A full refund ends the plan the order paid for at
      once (free plan, 4-week reactivation window); a partial refund keeps it. The order's invoice
      number (PP-2026-000001) works as the id too. Running it again for the same order refunds
      nothing twice and prints the credit note it has (one refund per order).

Users
  list-users [--brand <brand>] [--search <text>] [--csv]
      Lists accounts (newest first): id, e-mail, name, brand, verified, banned, plan.
  ban-user --email <address> [--reason <text>] [--until <YYYY-MM-DD>]
      Revokes access: sign-in and every call with an existing session answer
      "Your access was revoked by admin".
  unban-user --email <address>
  mint-signin-token --email <address> [--continue-url <url>]
      Custom-token sign-in: prints a one-time token (single use, 3 minutes) and the sign-in URL
      /signin?continueUrl=...&token=... that signs the browser in as this user.

Brands: ${BRAND_IDS.join(', ')}
`;

/** Commands that take one positional argument after their name: `order refund <ORDER_ID>`. */
const POSITIONAL_ARGUMENT: Record<string, string> = { 'order refund': ORDER_ARGUMENT };

const COMMANDS: Record<string, Command> = { ...PLAN_COMMANDS, ...BILLING_COMMANDS, ...USER_COMMANDS };

/** Runs one command; answers the process exit code. */
export async function runAdmin(
  argv: string[],
  io: AdminIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    io.err(HELP);
    return 2;
  }
  // Two-word commands (coupon create, plans list) take the second word with them.
  const [first, second, ...more] = parsed.positionals;
  const twoWords = first && second ? `${first} ${second}` : undefined;
  const command = twoWords && COMMANDS[twoWords] ? twoWords : first;
  const rest = twoWords && COMMANDS[twoWords] ? more : parsed.positionals.slice(1);
  if (!command || command === 'help' || parsed.values.help) {
    io.out(HELP);
    return command && command !== 'help' && !COMMANDS[command] ? 2 : 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.err(`unknown command "${command}"\n`);
    io.err(HELP);
    return 2;
  }
  const argumentName = POSITIONAL_ARGUMENT[command];
  if (argumentName && rest.length !== 1) {
    io.err(`usage: ${command} <${argumentName.toUpperCase().replace('-', '_')}>`);
    return 2;
  }
  if (!argumentName && rest.length > 0) {
    io.err(`unexpected argument(s): ${rest.join(' ')}`);
    return 2;
  }
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...env,
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR: env.WEB_DIST_DIR ?? '/nonexistent',
  });
  const app = await buildApp(config);
  try {
    await run(
      app,
      { ...(parsed.values as Values), ...(argumentName ? { [argumentName]: rest[0] } : {}) },
      io,
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    const message = (error as { body?: { message?: string } }).body?.message ?? (error as Error).message;
    io.err(`error: ${message}`);
    return 1;
  } finally {
    await app.close();
  }
}
