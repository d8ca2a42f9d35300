import type { IsoTimestamp } from '../schema.ts';

/**
 * Web push devices (modules/push, issue 36): one browser's push subscription (RFC 8030 endpoint,
 * RFC 8291 keys) of a user. The endpoint is unique: a browser that signs in as someone else moves
 * its row to that user. A push service that answers 404/410 removes the row (platform/push/web-push.ts).
 */
export interface PushDeviceTable {
  id: string;
  user_id: string;
  /** The push service's URL for this subscription (a capability: never shown in full). */
  endpoint: string;
  /** The browser's ECDH P-256 public key, base64url (uncompressed point). */
  p256dh: string;
  /** The 16-byte auth secret, base64url. */
  auth: string;
  label: string | null;
  created_at: IsoTimestamp;
  last_success_at: IsoTimestamp | null;
}

export interface PushTables {
  push_device: PushDeviceTable;
}
