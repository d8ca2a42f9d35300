import { randomUUID } from 'node:crypto';
import { brandConfig } from '@pet/contract';
import { listProducts } from '../modules/plans/plans.repo.ts';
import * as coupons from '../modules/subscription/subscription.repo.ts';
import {
  brandOption,
  endOfDay,
  euroCents,
  integer,
  startOfDay,
  table,
  text,
  UsageError,
  type Command,
} from './options.ts';

/** The value name under which `order refund` is handed its positional argument. */
export const ORDER_ARGUMENT = 'order-id';

/** Coupons and orders (see HELP in commands.ts). */
export const BILLING_COMMANDS: Record<string, Command> = {
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
};
