import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/database.ts';
import type { Mailer, MailMessage } from './mailer.ts';

let sequence = 0;
/** Sortable ids: time, then a per-process sequence (two mails in one millisecond keep their order). */
function outboxId(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
}

/** The embedded default: mail is kept in the `mail_outbox` table and read at /dev/mailbox. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = outboxId();
    const attachments = message.attachments ?? [];
    // The mail and its attachments together: the outbox never shows a mail without its files.
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('mail_outbox')
        .values({
          id,
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          kind: message.kind,
          partner_id: message.partnerId ?? null,
          created_at: nowIso(),
        })
        .execute();
      if (attachments.length === 0) return;
      await trx
        .insertInto('mail_outbox_attachment')
        .values(
          attachments.map((file, position) => ({
            id: randomUUID(),
            mail_id: id,
            position,
            file_name: file.fileName,
            content_type: file.contentType,
            size_bytes: file.content.length,
            content_base64: file.content.toString('base64'),
          })),
        )
        .execute();
    });
    this.log.info({ kind: message.kind }, 'mail kept in the dev outbox (/dev/mailbox)');
  }

  async close(): Promise<void> {}
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  created_at: string;
  /** Every http(s) link of the mail (text and html), in order of appearance, without duplicates. */
  links: string[];
  /** The mail's files, in order, without their bytes (GET /dev/mailbox/attachment?id= answers them). */
  attachments: OutboxAttachmentInfo[];
}

export interface OutboxAttachmentInfo {
  id: string;
  name: string;
  type: string;
  size: number;
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>()]+/g;

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/gi, '=')
    .replace(/&#61;/g, '=')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export function extractLinks(...bodies: string[]): string[] {
  const links: string[] = [];
  for (const body of bodies) {
    for (const match of decodeHtmlEntities(body).matchAll(LINK_PATTERN)) {
      const link = match[0].replace(/[.,;:!?]+$/, '');
      if (!links.includes(link)) links.push(link);
    }
  }
  return links;
}

/** Newest first. */
export async function listOutbox(db: Kysely<Database>, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  const files = rows.length
    ? await db
        .selectFrom('mail_outbox_attachment')
        .select(['id', 'mail_id', 'file_name', 'content_type', 'size_bytes'])
        .where(
          'mail_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind,
    created_at: row.created_at,
    links: extractLinks(row.text, row.html),
    attachments: files
      .filter((file) => file.mail_id === row.id)
      .map((file) => ({
        id: file.id,
        name: file.file_name,
        type: file.content_type,
        size: Number(file.size_bytes),
      })),
  }));
}

/** One attachment's name, type and bytes; undefined for an unknown id. */
export async function outboxAttachment(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('mail_outbox_attachment')
    .select(['file_name', 'content_type', 'content_base64'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { name: row.file_name, type: row.content_type, content: Buffer.from(row.content_base64, 'base64') }
    : undefined;
}
