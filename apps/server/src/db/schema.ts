import type { JobTables } from './tables/jobs.ts';
import type { DataExportTables } from './tables/data-export.ts';
import type { PetTables } from './tables/pets.ts';
import type { ContactTables } from './tables/contacts.ts';
import type { MedicalTables } from './tables/medical.ts';
import type { DocumentTables } from './tables/documents.ts';
import type { AppointmentTables } from './tables/appointments.ts';
import type { AuthTables, IdentityTables } from './tables/identity.ts';
import type { CodeTables } from './tables/codes.ts';
import type { MailTables } from './tables/mail.ts';
import type { SubscriptionTables } from './tables/subscription.ts';
import type { CalendarTables } from './tables/calendar.ts';
import type { LostPetTables } from './tables/lost-pet.ts';
import type { CreditNoteTables } from './tables/credit-notes.ts';
import type { ExportTables } from './tables/exports.ts';
import type { IdempotencyTables } from './tables/idempotency.ts';
import type { SepaTables } from './tables/sepa.ts';
import type { SharingTables } from './tables/sharing.ts';
import type { PushTables } from './tables/push.ts';
import type { CareTables } from './tables/care.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types of our own tables (the identity tables belong to better-auth and are typed there).
 * Portable across SQLite and PostgreSQL: ids are text UUIDs, booleans are integers 0/1, timestamps
 * are ISO-8601 UTC text (sortable), money is integer cents. Conversion happens in the repos.
 */
export type DbBool = 0 | 1;
export type IsoTimestamp = string;

export interface ProductTable {
  id: string;
  /** The brand the plan belongs to (spec: partner_id / platform). */
  partner_id: string;
  /** Stable key within the brand, e.g. free, basic, premium. */
  plan_key: string;
  name: string;
  sequence: number;
  is_default: DbBool;
  monthly_price_cents: number;
  yearly_price_cents: number;
  monthly_price_id: string | null;
  yearly_price_id: string | null;
  stripe_id: string | null;
  pets_limit: number;
  documents_limit: number;
  gps_tracking: DbBool;
  medical: DbBool;
  appointments: DbBool;
  duration: number | null;
  internal_note: string;
  created_at: ColumnType<IsoTimestamp, IsoTimestamp, never>;
}

/**
 * All tables of our own. Each area declares its tables in db/tables/<area>.ts as an interface of
 * table name to row type, and it is added to this list.
 */
export interface Database
  extends
    PlanTables,
    JobTables,
    IdentityTables,
    AuthTables,
    CodeTables,
    MailTables,
    PetTables,
    SharingTables,
    CareTables,
    DocumentTables,
    ContactTables,
    MedicalTables,
    AppointmentTables,
    CreditNoteTables,
    SubscriptionTables,
    CalendarTables,
    LostPetTables,
    ExportTables,
    DataExportTables,
    IdempotencyTables,
    SepaTables,
    PushTables {}

export interface PlanTables {
  product: ProductTable;
}

export type ProductRow = Selectable<ProductTable>;
export type NewProductRow = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type { Generated };
