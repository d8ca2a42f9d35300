import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertValidKey } from './keys.ts';
import type { FileDisposition, SignedUrlGrant, SignedUrlOptions } from './types.ts';

export const FILES_BASE_PATH = '/v1/files';
/** Signed URLs are short-lived: at most one day. */
export const MAX_SIGNED_URL_SECONDS = 86_400;
const MAX_NAME_LENGTH = 150;
const SIG = /^[A-Za-z0-9_-]{43}$/;

/**
 * A server-chosen download name made safe for a header: NFC, no control characters, no path
 * separators, at most 150 characters (keeping the extension). '' when nothing usable is left.
 */
export function sanitizeDownloadName(name: string): string {
  let clean = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  if (clean.length > MAX_NAME_LENGTH) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 11 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME_LENGTH - ext.length).trimEnd() + ext;
  }
  return clean;
}

/**
 * HMAC-SHA256 signed, expiring file URLs. The signature covers key, expiry, disposition and download
 * name, so none of them can be changed; comparison is timing-safe.
 */
export class UrlSigner {
  private readonly secret: Buffer;

  constructor(
    secret: string | Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = Buffer.isBuffer(secret) ? secret : Buffer.from(secret, 'utf8');
    if (this.secret.length < 32) throw new Error('The file URL secret must have at least 32 bytes');
  }

  private mac(key: string, exp: number, disposition: FileDisposition, name: string): Buffer {
    // JSON keeps the fields unambiguous whatever characters the name holds.
    return createHmac('sha256', this.secret)
      .update(JSON.stringify(['v1', key, exp, disposition, name]))
      .digest();
  }

  sign(key: string, options: SignedUrlOptions): string {
    assertValidKey(key);
    const seconds = options.expiresInSeconds;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
      throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_SIGNED_URL_SECONDS}`);
    }
    const disposition: FileDisposition = options.disposition === 'inline' ? 'inline' : 'attachment';
    const name = options.downloadName === undefined ? '' : sanitizeDownloadName(options.downloadName);
    const exp = Math.floor(this.now() / 1000) + seconds;
    const query = new URLSearchParams({ exp: String(exp), disp: disposition });
    if (name) query.set('name', name);
    query.set('sig', this.mac(key, exp, disposition, name).toString('base64url'));
    return `${FILES_BASE_PATH}/${key}?${query.toString()}`;
  }

  verify(key: string, query: Record<string, unknown>): SignedUrlGrant | null {
    const { exp: rawExp, disp, name: rawName, sig } = query;
    if (typeof rawExp !== 'string' || !/^\d{1,12}$/.test(rawExp)) return null;
    if (disp !== 'inline' && disp !== 'attachment') return null;
    if (rawName !== undefined && typeof rawName !== 'string') return null;
    if (typeof sig !== 'string' || !SIG.test(sig)) return null;
    const exp = Number(rawExp);
    const name = rawName ?? '';
    const expected = this.mac(key, exp, disp, name);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (exp * 1000 <= this.now()) return null;
    return { key, disposition: disp, downloadName: name || undefined, expiresAt: exp };
  }
}
