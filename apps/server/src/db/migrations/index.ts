import type { Migration } from 'kysely';
import * as plans from './0001_plans.ts';
import * as identity from './0002_identity.ts';
import * as codes from './0003_codes.ts';
import * as mail from './0004_mail.ts';
import * as jobs from './0010_jobs.ts';
import * as pets from './0020_pets.ts';
import * as contacts from './0030_contacts.ts';
import * as medical from './0031_medical.ts';
import * as documents from './0040_documents.ts';
import * as accountDeletion from './0050_account_deletion.ts';
import * as appointments from './0060_appointments.ts';
import * as subscription from './0070_subscription.ts';
import * as paymentsSandbox from './0075_payments_sandbox.ts';
import * as creditNotes from './0080_credit_notes.ts';
import * as calendarFeed from './0097_calendar_feed.ts';
import * as dataExport from './0102_data_export.ts';
import * as lostPetTag from './0099_lost_pet_tag.ts';
import * as documentsUnlimited from './0098_documents_unlimited.ts';
import * as handoverLink from './0101_handover_link.ts';
import * as documentArea from './0100_document_area.ts';
import * as signInCount from './0103_sign_in_count.ts';
import * as idempotencyKey from './0111_idempotency_key.ts';
import * as mailAttachments from './0105_mail_attachments.ts';
import * as sharing from './0113_sharing.ts';
import * as sepaPrenotification from './0106_sepa_prenotification.ts';
import * as webhookLookups from './0109_webhook_lookups.ts';
import * as withdrawalConsent from './0107_withdrawal_consent.ts';
import * as stripeSandboxOut from './0112_stripe_sandbox_out.ts';
import * as catalogueVersion from './0114_catalogue_version.ts';
import * as carePlans from './0115_care_plans.ts';
import * as pushDevices from './0116_push_devices.ts';
import * as doseReminderRepeat from './0117_dose_reminder_repeat.ts';

/**
 * Every migration of our own tables, in order. Names are permanent: never rename or reorder a
 * migration that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001_plans': plans,
  '0002_identity': identity,
  '0003_codes': codes,
  '0004_mail': mail,
  '0010_jobs': jobs,
  '0020_pets': pets,
  '0030_contacts': contacts,
  '0031_medical': medical,
  '0040_documents': documents,
  '0050_account_deletion': accountDeletion,
  '0060_appointments': appointments,
  '0070_subscription': subscription,
  '0075_payments_sandbox': paymentsSandbox,
  '0080_credit_notes': creditNotes,
  '0097_calendar_feed': calendarFeed,
  '0098_documents_unlimited': documentsUnlimited,
  '0099_lost_pet_tag': lostPetTag,
  '0100_document_area': documentArea,
  '0101_handover_link': handoverLink,
  '0102_data_export': dataExport,
  '0103_sign_in_count': signInCount,
  '0105_mail_attachments': mailAttachments,
  '0106_sepa_prenotification': sepaPrenotification,
  '0107_withdrawal_consent': withdrawalConsent,
  '0109_webhook_lookups': webhookLookups,
  '0111_idempotency_key': idempotencyKey,
  '0112_stripe_sandbox_out': stripeSandboxOut,
  '0113_sharing': sharing,
  '0114_catalogue_version': catalogueVersion,
  '0115_care_plans': carePlans,
  '0116_push_devices': pushDevices,
  '0117_dose_reminder_repeat': doseReminderRepeat,
};
