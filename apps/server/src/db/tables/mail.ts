import type { IsoTimestamp } from '../schema.ts';

/** The dev outbox: every mail the server sends when no SMTP_URL is set. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  /** verification, reset, magic-link, ... */
  kind: string;
  partner_id: string | null;
  created_at: IsoTimestamp;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
