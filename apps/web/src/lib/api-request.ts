import { IDEMPOTENCY_HEADER, IDENTITY_HEADER } from '@pet/contract';
import { currentIdentityHeaderValue } from './api-identity';

/* The URL and the headers of every call (the failure reports' too). */

/** Same origin: the server serves the SPA, /v1 and /identity on one port (vite proxies in dev). */
export const API_BASE = '';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/** 128 random bits as hex (getRandomValues: randomUUID needs a secure context). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function requestHeaders(
  extra: Readonly<Record<string, string>> | undefined,
  json: boolean,
  method: HttpMethod = 'GET',
): Headers {
  const headers = new Headers(extra);
  headers.set(IDENTITY_HEADER, currentIdentityHeaderValue());
  // Each POST is one submit (writes are never retried, query-client.ts): a key of its own lets
  // the server answer a repeat of this very request instead of creating twice (issue 40.7).
  if (method === 'POST' && !headers.has(IDEMPOTENCY_HEADER))
    headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (json) headers.set('Content-Type', 'application/json');
  return headers;
}
