import { randomUUID } from 'node:crypto';
import { InvalidStorageKeyError } from './errors.ts';

export const MAX_KEY_LENGTH = 512;

/**
 * One segment: starts with a letter, digit, `_` or `-` (so never `.`, `..` or a hidden name, which the
 * local adapter reserves for its temporary and metadata files), then letters, digits, `_`, `.`, `-`.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const EXTENSION = /^[a-z0-9]{1,10}$/;

function checkSegments(value: string, what: string): void {
  if (value.length > MAX_KEY_LENGTH)
    throw new InvalidStorageKeyError(`${what} is longer than ${MAX_KEY_LENGTH}`);
  if (value.includes('..')) throw new InvalidStorageKeyError(`${what} contains ".."`);
  for (const segment of value.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(`${what} has an invalid segment`);
  }
}

/**
 * Throws InvalidStorageKeyError unless `key` is a relative path of safe segments: no `..`, no
 * backslash, no leading or trailing slash, no empty segment, only [A-Za-z0-9/_.-]. The same rule
 * holds for every adapter, so a key valid here is a valid file path and a valid S3 key.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError('empty storage key');
  checkSegments(key, 'storage key');
}

/** A prefix is '' (everything; for list only) or valid key segments followed by '/'. */
export function assertValidPrefix(prefix: string, { allowEmpty }: { allowEmpty: boolean }): void {
  if (prefix === '') {
    if (allowEmpty) return;
    throw new InvalidStorageKeyError('empty storage prefix');
  }
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) {
    throw new InvalidStorageKeyError('storage prefix must end with "/"');
  }
  checkSegments(prefix.slice(0, -1), 'storage prefix');
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

export type StorageOwner = { userId: string } | { petId: string };

function ownerPrefix(owner: StorageOwner): string {
  const [kind, id] = 'userId' in owner ? ['users', owner.userId] : ['pets', owner.petId];
  if (!ID.test(id)) throw new InvalidStorageKeyError(`invalid ${kind} id for a storage key`);
  return `${kind}/${id}/`;
}

/** `users/{userId}/` or `pets/{petId}/`: what deletePrefix takes to purge a user's or a pet's files. */
export function ownerKeyPrefix(owner: StorageOwner): string {
  return ownerPrefix(owner);
}

/**
 * A fresh server-chosen key: `users/{userId}/[folder/]{uuid}.{ext}` or `pets/{petId}/[folder/]{uuid}.{ext}`.
 * `extension` is the canonical one for the detected type (e.g. "pdf", "jpg"); a client's file name never
 * becomes part of a key.
 */
export function newFileKey(owner: StorageOwner, extension: string, folder?: string): string {
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(ext)) throw new InvalidStorageKeyError('invalid file extension for a storage key');
  if (folder !== undefined && !/^[a-z0-9-]{1,40}$/.test(folder)) {
    throw new InvalidStorageKeyError('invalid folder for a storage key');
  }
  const key = `${ownerPrefix(owner)}${folder ? `${folder}/` : ''}${randomUUID()}.${ext}`;
  assertValidKey(key);
  return key;
}

/**
 * Bytes of an upload whose row has not committed yet live under `pending/` + their final key
 * (issue 15.4): the upload writes there, the row (naming the final key) commits, then `finalize`
 * moves the bytes into place. A crash before the commit leaves only a pending object, which the
 * reconciler removes after its grace period; a crash after it leaves a row whose final key the
 * reconciler completes from the pending object.
 */
export const PENDING_PREFIX = 'pending/';

export function pendingKeyOf(key: string): string {
  assertValidKey(key);
  return `${PENDING_PREFIX}${key}`;
}

export function isPendingKey(key: string): boolean {
  return key.startsWith(PENDING_PREFIX);
}

/** The final key of a pending key. */
export function finalKeyOf(pendingKey: string): string {
  if (!isPendingKey(pendingKey)) throw new InvalidStorageKeyError('not a pending key');
  return pendingKey.slice(PENDING_PREFIX.length);
}
