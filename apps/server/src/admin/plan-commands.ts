import fs from 'node:fs';
import { FREE_DOCUMENTS_LIMIT, UNLIMITED_DOCUMENTS } from '@pet/contract';
import { createPlan, listProducts, productByKey } from '../modules/plans/plans.repo.ts';
import { CODE_ENTROPY_BITS } from '../modules/plans/codes.ts';
import {
  brandOption,
  csvLine,
  endOfDay,
  euroCents,
  integer,
  table,
  text,
  UsageError,
  type Command,
} from './options.ts';

/** Plans and activation codes (see HELP in commands.ts). */
export const PLAN_COMMANDS: Record<string, Command> = {
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

  'plans list': async (app, values, io) => PLAN_COMMANDS['list-plans']!(app, values, io),
};
