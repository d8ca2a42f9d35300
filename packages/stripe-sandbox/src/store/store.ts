import { sql } from 'kysely';
import type {
  SandboxCheckoutSession,
  SandboxCustomer,
  SandboxEvent,
  SandboxObject,
  SandboxPaymentIntent,
  SandboxPaymentMethod,
  SandboxCharge,
  SandboxRefund,
  SandboxSetupIntent,
} from '../objects/types.ts';
import type { SandboxMandate } from '../mandates.ts';
import type { SandboxDb, SandboxDialect, SandboxObjectKind, SandboxTransaction } from './tables.ts';

export type Db = SandboxDb | SandboxTransaction;

interface ObjectsByKind {
  customer: SandboxCustomer;
  payment_intent: SandboxPaymentIntent;
  payment_method: SandboxPaymentMethod;
  setup_intent: SandboxSetupIntent;
  'checkout.session': SandboxCheckoutSession;
  refund: SandboxRefund;
  charge: SandboxCharge;
  mandate: SandboxMandate;
}

export interface StoredObject<T, S> {
  data: T;
  /** The sandbox's own state beside the object (see SandboxObjectTable.sandbox_state). */
  state: S | null;
}

export type IdempotencyBegin =
  | { outcome: 'new' }
  | { outcome: 'replay'; statusCode: number; body: unknown }
  | { outcome: 'in_progress' }
  | { outcome: 'other_request' };

const customerOf = (object: SandboxObject): string | null =>
  typeof object.customer === 'string' ? object.customer : null;

/** The sandbox's tables (tables.ts): objects, idempotent answers, events. */
export class SandboxStore {
  constructor(
    readonly db: SandboxDb,
    private readonly dialect: SandboxDialect,
  ) {}

  /** One object of a kind; `forUpdate` locks its row for the transaction (PostgreSQL; SQLite has one writer). */
  async find<K extends SandboxObjectKind, S = unknown>(
    db: Db,
    kind: K,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<StoredObject<ObjectsByKind[K], S> | null> {
    let query = db
      .selectFrom('stripe_sandbox_object')
      .select(['data', 'sandbox_state'])
      .where('id', '=', id)
      .where('object', '=', kind);
    if (options.forUpdate && this.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return null;
    return {
      data: JSON.parse(row.data) as ObjectsByKind[K],
      state: row.sandbox_state ? (JSON.parse(row.sandbox_state) as S) : null,
    };
  }

  async insert(db: Db, object: SandboxObject, now: Date, state?: unknown): Promise<void> {
    const at = now.toISOString();
    await db
      .insertInto('stripe_sandbox_object')
      .values({
        id: object.id,
        object: object.object,
        customer_id: customerOf(object),
        data: JSON.stringify(object),
        sandbox_state: state === undefined ? null : JSON.stringify(state),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  /** Saves the object (and the sandbox state when given). */
  async save(db: Db, object: SandboxObject, now: Date, state?: unknown): Promise<void> {
    await db
      .updateTable('stripe_sandbox_object')
      .set({
        customer_id: customerOf(object),
        data: JSON.stringify(object),
        ...(state === undefined ? {} : { sandbox_state: JSON.stringify(state) }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', object.id)
      .execute();
  }

  async insertEvent(db: Db, event: SandboxEvent, payload: string, now: Date): Promise<void> {
    await db
      .insertInto('stripe_sandbox_event')
      .values({
        id: event.id,
        sequence: sql<number>`(select coalesce(max(sequence), 0) + 1 from stripe_sandbox_event)`,
        type: event.type,
        object_id: event.data.object.id,
        payload,
        delivered: 0,
        delivery_attempts: 0,
        last_delivery_status: null,
        created_at: now.toISOString(),
      })
      .execute();
  }

  async findEvent(id: string) {
    return this.db.selectFrom('stripe_sandbox_event').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Events newest first, as GET /v1/events lists them: `undelivered` keeps those whose delivery has
   * not succeeded (pending or failed), `after` continues a page after that event. Events of one
   * change can share a sequence number, so the order (and the cursor) is (sequence, id).
   */
  async listEvents(filter: {
    delivered?: boolean;
    type?: string;
    after?: { sequence: number; id: string };
    limit: number;
  }) {
    let query = this.db.selectFrom('stripe_sandbox_event').selectAll();
    if (filter.delivered !== undefined) query = query.where('delivered', '=', filter.delivered ? 1 : 0);
    if (filter.type) query = query.where('type', '=', filter.type);
    const after = filter.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('sequence', '<', after.sequence),
          eb.and([eb('sequence', '=', after.sequence), eb('id', '<', after.id)]),
        ]),
      );
    }
    return query.orderBy('sequence', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }

  async recordDelivery(id: string, statusCode: number, delivered: boolean): Promise<void> {
    await this.db
      .updateTable('stripe_sandbox_event')
      .set((eb) => ({
        delivery_attempts: eb('delivery_attempts', '+', 1),
        last_delivery_status: statusCode,
        delivered: delivered ? 1 : 0,
      }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Claims an Idempotency-Key for a request. The first request gets 'new' and must finish or
   * release it; a later one with the same key gets the stored answer, or 'in_progress' while the
   * first still runs, or 'other_request' when it sent other parameters.
   */
  async beginIdempotent(key: string, fingerprint: string, now: Date): Promise<IdempotencyBegin> {
    const inserted = await this.db
      .insertInto('stripe_sandbox_idempotency')
      .values({
        key,
        request_fingerprint: fingerprint,
        status_code: null,
        response: null,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { outcome: 'new' };
    const existing = await this.db
      .selectFrom('stripe_sandbox_idempotency')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    // Released between our insert and this read: the caller may simply retry.
    if (!existing) return { outcome: 'in_progress' };
    if (existing.request_fingerprint !== fingerprint) return { outcome: 'other_request' };
    if (existing.status_code === null || existing.response === null) return { outcome: 'in_progress' };
    return { outcome: 'replay', statusCode: existing.status_code, body: JSON.parse(existing.response) };
  }

  async finishIdempotent(key: string, statusCode: number, body: unknown): Promise<void> {
    await this.db
      .updateTable('stripe_sandbox_idempotency')
      .set({ status_code: statusCode, response: JSON.stringify(body) })
      .where('key', '=', key)
      .execute();
  }

  /** The request did not run (invalid parameters, a crash): the key may be used again. */
  async releaseIdempotent(key: string): Promise<void> {
    await this.db.deleteFrom('stripe_sandbox_idempotency').where('key', '=', key).execute();
  }
}
