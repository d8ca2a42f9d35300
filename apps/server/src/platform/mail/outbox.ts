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
    await this.db
      .insertInto('mail_outbox')
      .values({
        id: outboxId(),
        to_address: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: message.kind,
        partner_id: message.partnerId ?? null,
        created_at: nowIso(),
      })
      .execute();
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
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind,
    created_at: row.created_at,
    links: extractLinks(row.text, row.html),
  }));
}
