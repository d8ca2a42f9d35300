import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '../../../db/schema.ts';
import { listProducts } from '../../plans/plans.repo.ts';
import { OPEN_ORDER_STATUSES, type CouponRow, type SubscriptionRow } from '../subscription.repo.ts';
import { trackerOwned } from './tracker-ownership.ts';

/**
 * The price list of a brand (its plans and coupons), kept per process and used only while the
 * catalogue version is the one it was read under. The version is moved by triggers on every write
 * to `product` or `coupon` (migration 0114), whoever writes (the app, the admin command, another
 * instance, a shell), in the write's own transaction; it is read with the buyer's facts in the
 * one statement a price call runs, so the next call after a committed change sees the change.
 * A version, not a time limit: a cache must never answer a price that has changed.
 */
export interface BrandCatalogue {
  products: Map<string, ProductRow>;
  coupons: Map<string, CouponRow>;
}

/** What a price depends on besides the catalogue, read in one statement with its version. */
export interface BuyerPriceFacts {
  subscription: SubscriptionRow | undefined;
  /** The plan of the buyer's open purchase order, or null. */
  openOrderProductId: string | null;
  ownsTracker: boolean;
  catalogueVersion: number;
}

export class PriceCatalogue {
  private readonly brands = new Map<string, { version: number; catalogue: Promise<BrandCatalogue> }>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The buyer's subscription row, open order, tracker and the catalogue version: one statement. */
  async buyerFacts(userId: string, withTracker: boolean): Promise<BuyerPriceFacts> {
    const row = await this.db
      .selectFrom('catalogue_version as v')
      .leftJoin('user_subscription as s', (join) => join.on('s.user_id', '=', userId))
      .selectAll('s')
      .select((eb) => [
        'v.version as catalogue_version',
        eb
          .selectFrom('subscription_order as o')
          .select('o.product_id')
          .where('o.user_id', '=', userId)
          .where('o.kind', '=', 'purchase')
          .where('o.status', 'in', OPEN_ORDER_STATUSES)
          .limit(1)
          .as('open_order_product_id'),
        (withTracker ? trackerOwned(userId) : eb.lit(false)).as('owns_tracker'),
      ])
      .where('v.id', '=', 1)
      .executeTakeFirstOrThrow();
    const { catalogue_version, open_order_product_id, owns_tracker, ...subscription } = row;
    return {
      // The left join answers a row of nulls when the user has no subscription row.
      subscription: subscription.user_id === null ? undefined : (subscription as SubscriptionRow),
      openOrderProductId: open_order_product_id ?? null,
      ownsTracker: Boolean(owns_tracker),
      catalogueVersion: catalogue_version,
    };
  }

  /** The brand's plans and coupons as of `version` or later (read again when it moved). */
  of(partnerId: string, version: number): Promise<BrandCatalogue> {
    const cached = this.brands.get(partnerId);
    if (cached && cached.version === version) return cached.catalogue;
    // Read after the version: the rows are at least that new, and a later change moves the
    // version again, so they are never used for a version they might not show.
    const catalogue = this.load(partnerId);
    this.brands.set(partnerId, { version, catalogue });
    catalogue.catch(() => {
      if (this.brands.get(partnerId)?.catalogue === catalogue) this.brands.delete(partnerId);
    });
    return catalogue;
  }

  private async load(partnerId: string): Promise<BrandCatalogue> {
    const [products, coupons] = await Promise.all([
      listProducts(this.db, partnerId),
      this.db.selectFrom('coupon').selectAll().where('partner_id', '=', partnerId).execute(),
    ]);
    return {
      products: new Map(products.map((product) => [product.id, product])),
      coupons: new Map(coupons.map((coupon) => [coupon.id, coupon])),
    };
  }
}
