import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { FastifyInstance } from 'fastify';
import {
  BRAND_IDS,
  BRANDS,
  brandConfig,
  FREE_DOCUMENTS_LIMIT,
  UNLIMITED_DOCUMENTS,
  type BrandConfig,
} from '@pet/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createPlan, listProducts, productByKey } from '../modules/plans/plans.repo.ts';
import { CODE_ENTROPY_BITS } from '../modules/plans/codes.ts';
import * as users from '../modules/identity/identity.repo.ts';
import * as coupons from '../modules/subscription/subscription.repo.ts';

/**
 * The operator command: `npm run admin -- <command> [options]` (from the repository root or
 * apps/server). It works on the database of the environment (DATA_DIR / DATABASE_URL, the same
 * variables as the server), so an operator runs the business without touching the database.
 */
export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

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

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  brand: { type: 'string' },
  key: { type: 'string' },
  name: { type: 'string' },
  sequence: { type: 'string' },
  monthly: { type: 'string' },
  yearly: { type: 'string' },
  pets: { type: 'string' },
  documents: { type: 'string' },
  gps: { type: 'boolean' },
  medical: { type: 'boolean' },
  appointments: { type: 'boolean' },
  duration: { type: 'string' },
  note: { type: 'string' },
  default: { type: 'boolean' },
  'monthly-price-id': { type: 'string' },
  'yearly-price-id': { type: 'string' },
  'stripe-id': { type: 'string' },
  type: { type: 'string' },
  product: { type: 'string' },
  count: { type: 'string' },
  trackers: { type: 'string' },
  'max-redemptions': { type: 'string' },
  expires: { type: 'string' },
  gift: { type: 'boolean' },
  promo: { type: 'boolean' },
  'trial-months': { type: 'string' },
  out: { type: 'string' },
  batch: { type: 'string' },
  search: { type: 'string' },
  csv: { type: 'boolean' },
  email: { type: 'string' },
  reason: { type: 'string' },
  until: { type: 'string' },
  'continue-url': { type: 'string' },
  code: { type: 'string' },
  'percent-off': { type: 'string' },
  'amount-off': { type: 'string' },
  amount: { type: 'string' },
  products: { type: 'string' },
  interval: { type: 'string' },
  for: { type: 'string' },
  'valid-from': { type: 'string' },
  'valid-until': { type: 'string' },
  'duration-months': { type: 'string' },
} satisfies ParseArgsConfig['options'];

type Values = Record<string, string | boolean | undefined>;

/** The value name under which a command's positional argument is handed to it. */
const ORDER_ARGUMENT = 'order-id';
/** Commands that take one positional argument after their name: `order refund <ORDER_ID>`. */
const POSITIONAL_ARGUMENT: Record<string, string> = { 'order refund': ORDER_ARGUMENT };

function brandOption(values: Values, required = true): BrandConfig | null {
  const id = values.brand;
  if (id === undefined) {
    if (required) throw new UsageError(`--brand is required (one of ${BRAND_IDS.join(', ')})`);
    return null;
  }
  const brand = Object.values(BRANDS).find((b) => b.id === id || b.partnerId === id);
  if (!brand) throw new UsageError(`unknown brand "${String(id)}" (one of ${BRAND_IDS.join(', ')})`);
  return brand;
}

function text(values: Values, name: string, required = false): string | undefined {
  const value = values[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (required) throw new UsageError(`--${name} is required`);
  return undefined;
}

function integer(
  values: Values,
  name: string,
  options: { min?: number; max?: number; required?: boolean } = {},
) {
  const raw = text(values, name, options.required);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (
    !Number.isInteger(value) ||
    (options.min !== undefined && value < options.min) ||
    (options.max !== undefined && value > options.max)
  ) {
    throw new UsageError(
      `--${name} must be a whole number${options.min !== undefined ? ` >= ${options.min}` : ''}${options.max !== undefined ? ` <= ${options.max}` : ''}`,
    );
  }
  return value;
}

function euroCents(values: Values, name: string): number {
  const raw = text(values, name);
  if (raw === undefined) return 0;
  const value = Number(raw.replace(',', '.'));
  if (!Number.isFinite(value) || value < 0)
    throw new UsageError(`--${name} must be an amount in euro, e.g. 4.99`);
  return Math.round(value * 100);
}

function startOfDay(values: Values, name: string): Date | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new UsageError(`--${name} must be a date YYYY-MM-DD`);
  const date = new Date(`${raw}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${name} is not a valid date`);
  return date;
}

function endOfDay(values: Values, name: string): Date | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new UsageError(`--${name} must be a date YYYY-MM-DD`);
  const date = new Date(`${raw}T23:59:59.999Z`);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${name} is not a valid date`);
  return date;
}

const csvCell = (value: unknown) => {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvLine = (cells: unknown[]) => cells.map(csvCell).join(',');

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

async function userByEmail(app: FastifyInstance, values: Values) {
  const email = text(values, 'email', true)!.toLowerCase();
  const user = await users.findAuthUserByEmail(app.db, email);
  if (!user) throw new UsageError(`no user with the e-mail ${email}`);
  return user;
}

type Command = (app: FastifyInstance, values: Values, io: AdminIo) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  'list-plans': async (app, values, io) => {
    const brand = brandOption(values, false);
    const plans = await listProducts(app.db, brand?.partnerId);
    const rows = [
      [
        'brand',
        'key',
        'name',
        'seq',
        'default',
        'monthly',
        'yearly',
        'pets',
        'docs',
        'gps',
        'medical',
        'appts',
        'duration',
        'note',
        'id',
      ],
    ];
    for (const p of plans) {
      rows.push([
        p.partner_id,
        p.plan_key,
        p.name,
        String(p.sequence),
        p.is_default ? 'yes' : '',
        (p.monthly_price_cents / 100).toFixed(2),
        (p.yearly_price_cents / 100).toFixed(2),
        String(p.pets_limit),
        p.documents_limit === UNLIMITED_DOCUMENTS ? 'unlimited' : String(p.documents_limit),
        p.gps_tracking ? 'yes' : '',
        p.medical ? 'yes' : '',
        p.appointments ? 'yes' : '',
        p.duration === null ? '' : String(p.duration),
        p.internal_note,
        p.id,
      ]);
    }
    table(rows).forEach((line) => io.out(line));
  },

  'create-plan': async (app, values, io) => {
    const brand = brandOption(values)!;
    const key = text(values, 'key', true)!;
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(key))
      throw new UsageError('--key must be lower case letters, digits, - or _');
    if (await productByKey(app.db, brand.partnerId, key))
      throw new UsageError(`the brand ${brand.id} has a plan "${key}" already`);
    const duration = integer(values, 'duration') ?? null;
    if (duration !== null && ![1, 12, 24].includes(duration))
      throw new UsageError('--duration must be 1, 12 or 24');
    const plan = await createPlan(app.db, {
      partnerId: brand.partnerId,
      key,
      name: text(values, 'name', true)!,
      sequence: integer(values, 'sequence', { min: 0, max: 4, required: true })!,
      isDefault: values.default === true,
      monthlyPriceCents: euroCents(values, 'monthly'),
      yearlyPriceCents: euroCents(values, 'yearly'),
      monthlyPriceId: text(values, 'monthly-price-id') ?? null,
      yearlyPriceId: text(values, 'yearly-price-id') ?? null,
      stripeId: text(values, 'stripe-id') ?? null,
      petsLimit: integer(values, 'pets', { min: 1 }) ?? 1,
      documentsLimit:
        values.documents === 'unlimited'
          ? UNLIMITED_DOCUMENTS
          : (integer(values, 'documents', { min: 0 }) ?? FREE_DOCUMENTS_LIMIT),
      gpsTracking: values.gps === true,
      medical: values.medical === true,
      appointments: values.appointments === true,
      duration,
      internalNote: text(values, 'note') ?? '',
    });
    io.out(`created plan ${brand.id}/${plan.plan_key} (${plan.name}) id ${plan.id}`);
  },

  'generate-codes': async (app, values, io) => {
    const brand = brandOption(values)!;
    const kind = text(values, 'type', true);
    if (kind !== 'single' && kind !== 'batch') throw new UsageError('--type must be single or batch');
    const productKey = text(values, 'product');
    const product = productKey ? await productByKey(app.db, brand.partnerId, productKey) : null;
    if (productKey && !product)
      throw new UsageError(`the brand ${brand.id} has no plan "${productKey}" (see list-plans)`);
    const trackers = (text(values, 'trackers') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (new Set(trackers).size !== trackers.length) throw new UsageError('--trackers has duplicates');
    const count = integer(values, 'count', { min: 1, max: 100_000 }) ?? (trackers.length || 1);
    if (trackers.length > 0 && trackers.length !== count)
      throw new UsageError('--count must match the number of --trackers');
    const maxRedemptions = integer(values, 'max-redemptions', { min: 1 }) ?? null;
    if (kind === 'single' && maxRedemptions !== null)
      throw new UsageError('--max-redemptions is for batch codes');
    const { batch, codes } = await app.codes.generate(app.db, {
      partnerId: brand.partnerId,
      kind,
      productId: product?.id ?? null,
      count,
      durationMonths: integer(values, 'duration', { min: 1, max: 120 }) ?? null,
      trackerIds: trackers,
      maxRedemptions,
      expiresAt: endOfDay(values, 'expires'),
      isGift: values.gift === true,
      isPromo: values.promo === true,
      trialMonths: integer(values, 'trial-months', { min: 1, max: 120 }) ?? null,
      note: text(values, 'note') ?? '',
    });
    const lines = [
      csvLine([
        'code',
        'type',
        'brand',
        'product',
        'duration_months',
        'tracker_id',
        'expires_at',
        'batch_id',
      ]),
    ];
    for (const code of codes) {
      lines.push(
        csvLine([
          code.code,
          kind,
          brand.id,
          productKey ?? '',
          batch.duration_months,
          code.trackerId,
          batch.expires_at,
          batch.id,
        ]),
      );
    }
    const out = text(values, 'out');
    if (out) {
      fs.writeFileSync(out, `${lines.join('\n')}\n`, { mode: 0o600, flag: 'wx' });
      io.err(
        `wrote ${codes.length} ${kind} code(s) to ${out} (batch ${batch.id}, ${CODE_ENTROPY_BITS.toFixed(1)} bits each)`,
      );
    } else {
      lines.forEach((line) => io.out(line));
      io.err(
        `generated ${codes.length} ${kind} code(s), batch ${batch.id}: store this CSV safely, it is not kept`,
      );
    }
  },

  'list-codes': async (app, values, io) => {
    const brand = brandOption(values, false);
    const batches = await app.codes.listBatches(app.db, brand?.partnerId);
    const products = new Map((await listProducts(app.db)).map((p) => [p.id, p.plan_key]));
    const rows = [
      [
        'batch',
        'brand',
        'type',
        'product',
        'codes',
        'unused',
        'redeemed',
        'expired',
        'redemptions',
        'created',
        'note',
      ],
    ];
    for (const { batch, states, redemptions } of batches) {
      rows.push([
        batch.id,
        batch.partner_id,
        batch.kind,
        batch.product_id ? (products.get(batch.product_id) ?? batch.product_id) : '-',
        String(batch.code_count),
        String(states.unused),
        String(states.redeemed),
        String(states.expired),
        String(redemptions),
        batch.created_at.slice(0, 10),
        batch.note,
      ]);
    }
    table(rows).forEach((line) => io.out(line));
  },

  'expire-batch': async (app, values, io) => {
    const batchId = text(values, 'batch', true)!;
    const exists = await app.db
      .selectFrom('activation_code_batch')
      .select('id')
      .where('id', '=', batchId)
      .executeTakeFirst();
    if (!exists) throw new UsageError(`no batch ${batchId} (see list-codes)`);
    const expired = await app.codes.expireBatch(app.db, batchId);
    io.out(`expired ${expired} code(s) of batch ${batchId}`);
  },

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

  'plans list': async (app, values, io) => COMMANDS['list-plans']!(app, values, io),

  'coupon create': async (app, values, io) => {
    const brand = brandOption(values, false) ?? brandConfig(app.config.defaultBrand);
    const code = text(values, 'code', true)!.toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(code))
      throw new UsageError('--code must be 2 to 40 letters, digits, - or _');
    if (await coupons.findCouponByCode(app.db, brand.partnerId, code))
      throw new UsageError(`the brand ${brand.id} has a coupon ${code} already`);
    const percentOff = integer(values, 'percent-off', { min: 1, max: 100 }) ?? null;
    const amountOffCents = text(values, 'amount-off') === undefined ? null : euroCents(values, 'amount-off');
    if ((percentOff === null) === (amountOffCents === null) || amountOffCents === 0)
      throw new UsageError('give exactly one of --percent-off <1-100> or --amount-off <euro>');
    const interval = text(values, 'interval') ?? null;
    if (interval !== null && interval !== 'monthly' && interval !== 'yearly')
      throw new UsageError('--interval must be monthly or yearly');
    const appliesTo = text(values, 'for') ?? 'any';
    if (appliesTo !== 'new' && appliesTo !== 'existing' && appliesTo !== 'any')
      throw new UsageError('--for must be new, existing or any');
    const duration = text(values, 'duration') ?? 'once';
    if (duration !== 'once' && duration !== 'forever' && duration !== 'repeating')
      throw new UsageError('--duration must be once, forever or repeating');
    const durationMonths = integer(values, 'duration-months', { min: 1, max: 120 }) ?? null;
    if ((duration === 'repeating') !== (durationMonths !== null))
      throw new UsageError('--duration-months goes with --duration repeating (and only with it)');
    const plans = await listProducts(app.db, brand.partnerId);
    const productIds = (text(values, 'products') ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((keyOrId) => {
        const plan = plans.find((p) => p.plan_key === keyOrId || p.id === keyOrId);
        if (!plan) throw new UsageError(`the brand ${brand.id} has no plan "${keyOrId}" (see plans list)`);
        return plan.id;
      });
    const validFrom = startOfDay(values, 'valid-from');
    const validUntil = endOfDay(values, 'valid-until');
    if (validFrom && validUntil && validFrom > validUntil)
      throw new UsageError('--valid-from must not be after --valid-until');
    await coupons.insertCoupon(app.db, {
      id: randomUUID(),
      partner_id: brand.partnerId,
      code,
      percent_off: percentOff,
      amount_off_cents: amountOffCents,
      product_ids: productIds.length ? JSON.stringify(productIds) : null,
      pay_type: interval,
      applies_to: appliesTo,
      valid_from: validFrom?.toISOString() ?? null,
      valid_until: validUntil?.toISOString() ?? null,
      max_redemptions: integer(values, 'max-redemptions', { min: 1 }) ?? null,
      redemption_count: 0,
      duration,
      duration_months: durationMonths,
      disabled: 0,
      created_at: new Date().toISOString(),
    });
    io.out(`created coupon ${code} for ${brand.id}`);
  },

  'coupon list': async (app, values, io) => {
    const brand = brandOption(values, false);
    const rows = [['brand', 'code', 'off', 'plans', 'interval', 'for', 'valid', 'used', 'duration', 'state']];
    const plans = await listProducts(app.db, brand?.partnerId);
    for (const c of await coupons.listCoupons(app.db, brand?.partnerId)) {
      const ids = c.product_ids ? (JSON.parse(c.product_ids) as string[]) : [];
      rows.push([
        c.partner_id,
        c.code,
        c.percent_off !== null ? `${c.percent_off} %` : `${((c.amount_off_cents ?? 0) / 100).toFixed(2)} EUR`,
        ids.length ? ids.map((id) => plans.find((p) => p.id === id)?.plan_key ?? id).join(',') : 'all',
        c.pay_type ?? 'both',
        c.applies_to,
        `${c.valid_from?.slice(0, 10) ?? ''}..${c.valid_until?.slice(0, 10) ?? ''}`,
        `${c.redemption_count}${c.max_redemptions !== null ? `/${c.max_redemptions}` : ''}`,
        c.duration === 'repeating' ? `${c.duration_months} months` : c.duration,
        c.disabled ? 'disabled' : 'active',
      ]);
    }
    table(rows).forEach((line) => io.out(line));
  },

  'coupon disable': async (app, values, io) => {
    const brand = brandOption(values, false) ?? brandConfig(app.config.defaultBrand);
    const code = text(values, 'code', true)!.toUpperCase();
    if (!(await coupons.disableCoupon(app.db, brand.partnerId, code)))
      throw new UsageError(`the brand ${brand.id} has no coupon ${code}`);
    io.out(`disabled coupon ${code} of ${brand.id}`);
  },

  'order refund': async (app, values, io) => {
    const id = text(values, ORDER_ARGUMENT, true)!;
    const amountCents = text(values, 'amount') === undefined ? undefined : euroCents(values, 'amount');
    const result = await app.invoices.refundOrder(id, { amountCents });
    const amount = `${(result.amountCents / 100).toFixed(2)} EUR`;
    if (!result.created) {
      io.out(
        `order ${result.orderId} (invoice ${result.invoiceNumber}) was refunded before: credit note ${result.creditNoteNumber}, ${amount}`,
      );
      return;
    }
    io.out(
      `refunded order ${result.orderId} (invoice ${result.invoiceNumber}): ${amount}, refund ${result.refundId} (${result.refundStatus}), credit note ${result.creditNoteNumber}`,
    );
    io.out(result.planEnded ? 'the plan it paid for has ended (free plan now)' : 'the plan is unchanged');
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
