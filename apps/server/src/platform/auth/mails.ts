import type { FastifyBaseLogger } from 'fastify';
import type { UiLanguage } from '@pet/contract';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailKind } from '../mail/templates.ts';
import type { HostPolicy } from './hosts.ts';

export interface MailRecipient {
  id?: string;
  email: string;
  name?: string | null;
  partnerId?: string | null;
}

export type UserSettingsLookup = (userId: string) => Promise<{ language: UiLanguage } | null>;

export function languageFromHeaders(headers: Headers | null | undefined): UiLanguage {
  const accept = headers?.get('accept-language') ?? '';
  return /^\s*en\b/i.test(accept) ? 'en' : 'de';
}

/**
 * Renders the identity mails in the recipient's brand (their account's partner id, else the
 * request's brand) and language (their stored language, else the browser's), with links on the
 * request's origin, and sends them. Never throws: a failed mail is logged, the caller's answer
 * does not change (no enumeration through errors).
 */
export class IdentityMails {
  constructor(
    private readonly hosts: HostPolicy,
    private readonly mailer: Mailer,
    private readonly settings: UserSettingsLookup,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(
    kind: MailKind,
    user: MailRecipient,
    url: string,
    headers: Headers | null,
    validMinutes: number,
  ) {
    try {
      const requestBrand = this.hosts.brandForHost(headers?.get('host'));
      const brand = (user.partnerId && this.hosts.brandForPartner(user.partnerId)) || requestBrand;
      const stored = user.id ? await this.settings(user.id) : null;
      const language = stored?.language ?? languageFromHeaders(headers);
      const origin = this.hosts.originForHost(headers?.get('host'));
      const mail = renderMail(kind, { brand, language, origin, name: user.name, url, validMinutes });
      await this.mailer.send({ to: user.email, ...mail, kind, partnerId: brand.partnerId });
    } catch (err) {
      this.log.error({ err, kind }, 'identity mail could not be sent');
    }
  }

  /** Mail only goes to accounts of the brand the request came from (no cross-brand links). */
  belongsToRequestBrand(user: { partnerId?: unknown }, headers: Headers | null): boolean {
    const brand = this.hosts.brandForHost(headers?.get('host'));
    return !user.partnerId || user.partnerId === brand.partnerId;
  }
}
