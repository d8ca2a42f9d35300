import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DataExportTable } from '../../db/tables/data-export.ts';

type Db = Kysely<Database>;
export type DataExportRow = Selectable<DataExportTable>;
export type ExportRecord = Record<string, string | number | boolean | null>;

/**
 * Columns that are secrets or internals of the server, never exported: hashes of tokens that open
 * something, and the ids of scheduled jobs.
 */
export const OMITTED_COLUMNS: ReadonlySet<string> = new Set([
  'token_hash',
  'mobile_token_hash',
  'job_id',
  'reminder_sent_job_id',
]);

/** One value as JSON and CSV carry it: dates as ISO text, bigints as numbers. */
function plain(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A row as exported: omitted columns dropped, values plain. */
export function exportRecord(row: Record<string, unknown>): ExportRecord {
  const record: ExportRecord = {};
  for (const [key, value] of Object.entries(row)) {
    if (!OMITTED_COLUMNS.has(key)) record[key] = plain(value);
  }
  return record;
}

export interface DataSection {
  /** File name in data/ without extension. */
  name: string;
  rows: (db: Db, userId: string) => Promise<Array<Record<string, unknown>>>;
}

const byUser =
  <T extends 'user_subscription' | 'user_tracker' | 'pet' | 'contact' | 'medical_record'>(table: T) =>
  (db: Db, userId: string) =>
    db
      .selectFrom(table as 'pet')
      .selectAll()
      .where('user_id', '=', userId)
      .execute() as Promise<Array<Record<string, unknown>>>;

/**
 * Every record of the user, one section per kind (account-area and pet-data areas, the issue 17
 * extras, subscription and billing). A table that holds a user's data belongs here as it does in
 * the account purge (modules/account/purge.ts); the export test checks both against the database.
 */
export const DATA_SECTIONS: DataSection[] = [
  {
    name: 'profile',
    rows: async (db, userId) => {
      const user = await db
        .selectFrom('user')
        .select(['id', 'name', 'email', 'emailVerified', 'createdAt', 'updatedAt', 'partnerId'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const profile = await db
        .selectFrom('user_profile')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!user) return [];
      const { user_id: _userId, image_url: image, ...rest } = profile ?? ({} as Record<string, unknown>);
      void _userId;
      void image;
      return [{ ...user, ...rest }];
    },
  },
  { name: 'subscription', rows: byUser('user_subscription') },
  { name: 'trackers', rows: byUser('user_tracker') },
  {
    name: 'pets',
    rows: (db, userId) =>
      db.selectFrom('pet').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  },
  {
    name: 'weights',
    rows: (db, userId) =>
      db
        .selectFrom('pet_weight')
        .innerJoin('pet', 'pet.id', 'pet_weight.pet_id')
        .selectAll('pet_weight')
        .where('pet.user_id', '=', userId)
        .orderBy('pet_weight.pet_id')
        .orderBy('pet_weight.date_sort')
        .execute(),
  },
  { name: 'contacts', rows: byUser('contact') },
  { name: 'medical-records', rows: byUser('medical_record') },
  {
    name: 'documents',
    rows: (db, userId) =>
      db
        .selectFrom('document')
        .selectAll()
        .where('user_id', '=', userId)
        .where('area', '!=', 'vet-findings')
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'vet-findings',
    rows: (db, userId) =>
      db
        .selectFrom('document')
        .selectAll()
        .where('user_id', '=', userId)
        .where('area', '=', 'vet-findings')
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'appointments',
    rows: (db, userId) =>
      db.selectFrom('appointment').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  },
  {
    name: 'lost-pet-tags',
    rows: (db, userId) => db.selectFrom('pet_tag').selectAll().where('user_id', '=', userId).execute(),
  },
  {
    name: 'finder-reports',
    rows: (db, userId) =>
      db
        .selectFrom('finder_report')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'public-accesses',
    rows: (db, userId) =>
      db
        .selectFrom('public_access')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'calendar-feed',
    rows: (db, userId) => db.selectFrom('calendar_feed').selectAll().where('user_id', '=', userId).execute(),
  },
  {
    // The links themselves (their token) stay out: the export is not a way to share the documents.
    name: 'handover-links',
    rows: (db, userId) =>
      db
        .selectFrom('handover_link')
        .select([
          'id',
          'pet_id',
          'document_ids',
          'created_at',
          'expires_at',
          'revoked_at',
          'downloads',
          'last_download_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    // Sharing (issue 35): the owner's invitations (the link's hash stays out), the shares as owner
    // and as member, and the activity lines of the user's pets and those the user wrote elsewhere.
    name: 'share-invitations',
    rows: (db, userId) =>
      db
        .selectFrom('pet_invitation')
        .select([
          'id',
          'email',
          'language',
          'created_at',
          'sent_at',
          'expires_at',
          'revoked_at',
          'accepted_at',
        ])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'shares',
    rows: (db, userId) =>
      db
        .selectFrom('pet_share')
        .selectAll()
        .where((eb) => eb.or([eb('owner_id', '=', userId), eb('member_id', '=', userId)]))
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'pet-activity',
    rows: (db, userId) =>
      db
        .selectFrom('pet_activity')
        .selectAll()
        .where((eb) => eb.or([eb('owner_id', '=', userId), eb('actor_id', '=', userId)]))
        .orderBy('at')
        .execute(),
  },
  // Care plans (issue 36): schedules, the dose log, vaccinations due, weight goals, notices, settings.
  {
    name: 'medication-schedules',
    rows: (db, userId) =>
      db
        .selectFrom('medication_schedule')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'dose-log',
    rows: (db, userId) =>
      db
        .selectFrom('dose_log')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('created_by', '=', userId)]))
        .orderBy('confirmed_at')
        .execute(),
  },
  {
    name: 'vaccinations-due',
    rows: (db, userId) =>
      db.selectFrom('vaccination_due').selectAll().where('user_id', '=', userId).orderBy('due_on').execute(),
  },
  {
    name: 'weight-goals',
    rows: (db, userId) => db.selectFrom('weight_goal').selectAll().where('user_id', '=', userId).execute(),
  },
  {
    name: 'care-notices',
    rows: (db, userId) =>
      db.selectFrom('care_notice').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  },
  {
    name: 'care-settings',
    rows: (db, userId) => db.selectFrom('care_settings').selectAll().where('user_id', '=', userId).execute(),
  },
  {
    // Web push devices (issue 36): the endpoint and keys are the subscription's secrets, left out.
    name: 'push-devices',
    rows: (db, userId) =>
      db
        .selectFrom('push_device')
        .select(['id', 'label', 'created_at', 'last_success_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'orders',
    rows: (db, userId) =>
      db
        .selectFrom('subscription_order')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'credit-notes',
    rows: (db, userId) =>
      db.selectFrom('credit_note').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  },
  {
    name: 'sepa-mandates',
    rows: (db, userId) =>
      db.selectFrom('sepa_mandate').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  },
  {
    name: 'sepa-prenotifications',
    rows: (db, userId) =>
      db
        .selectFrom('sepa_prenotification')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  },
  {
    name: 'code-redemptions',
    rows: (db, userId) =>
      db.selectFrom('code_redemption').selectAll().where('user_id', '=', userId).execute(),
  },
  {
    name: 'coupon-redemptions',
    rows: (db, userId) =>
      db.selectFrom('coupon_redemption').selectAll().where('user_id', '=', userId).execute(),
  },
];

/** Every stored upload of the user: documents' files, pet photos and the avatar. */
export async function documentFiles(db: Db, userId: string) {
  return db
    .selectFrom('document_file')
    .leftJoin('document', 'document.id', 'document_file.document_id')
    .innerJoin('pet', 'pet.id', 'document_file.pet_id')
    .selectAll('document_file')
    .select(['document.document_type', 'document.area', 'document.created_at as document_created_at'])
    .select(['pet.name as pet_name'])
    .where('document_file.user_id', '=', userId)
    .orderBy('document_file.pet_id')
    .orderBy('document_file.document_id')
    .orderBy('document_file.position')
    .execute();
}

export async function petPhotos(db: Db, userId: string) {
  return db
    .selectFrom('pet')
    .select(['id', 'name', 'image_key'])
    .where('user_id', '=', userId)
    .where('image_key', 'is not', null)
    .orderBy('created_at')
    .execute();
}

export async function petNames(db: Db, userId: string) {
  return db.selectFrom('pet').select(['id', 'name']).where('user_id', '=', userId).execute();
}

export async function avatarKey(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_profile')
    .select('image_url')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.image_url ?? null;
}

export async function recipient(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select(['user.email', 'user.name', 'user_profile.partner_id', 'user_profile.language'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

export async function latestExport(db: Db, userId: string): Promise<DataExportRow | undefined> {
  return db
    .selectFrom('data_export')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function activeExport(db: Db, userId: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_export').selectAll().where('active_user_id', '=', userId).executeTakeFirst();
}

export async function findExport(db: Db, id: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_export').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByTokenHash(db: Db, tokenHash: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_export').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}
