import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

/** A file sent with a mail (an invoice PDF): SMTP sends it as a MIME part, the outbox keeps it. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is (verification, reset, magic-link, ...): kept in the outbox, logged. */
  kind: string;
  partnerId?: string | null;
  attachments?: MailAttachment[];
}

/** Sends mail. Two adapters: SMTP (SMTP_URL set) and the dev outbox in the database. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from, options.log);
  return new OutboxMailer(options.db, options.log);
}
