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

/** A file attached to a dev-outbox mail (migration 0105), in the mail's order. */
export interface MailOutboxAttachmentTable {
  id: string;
  mail_id: string;
  position: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content_base64: string;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  mail_outbox_attachment: MailOutboxAttachmentTable;
}
