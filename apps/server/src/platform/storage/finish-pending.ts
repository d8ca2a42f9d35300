import { isPendingKey, pendingKeyOf, PENDING_PREFIX, finalKeyOf } from './keys.ts';
import type { FileStorage } from './types.ts';

/*
 * An upload's row commits before its bytes move from `pending/{key}` to `{key}` (keys.ts); a crash
 * in between leaves a row whose file is still under pending/ (issue 40.1). These finish such moves,
 * at every start and on read, so nothing a row names is ever missing for long.
 */

const isNotFound = (err: unknown) => (err as { statusCode?: number } | null)?.statusCode === 404;

/**
 * Moves `pending/{key}` to `key` when it is there; answers whether `key` holds the bytes then. Only
 * for a key a committed row names. Safe while the upload's own move (or another reader's, or another
 * instance's) runs: whoever loses the race finds the source gone and the target in place.
 */
export async function finishPendingMove(storage: FileStorage, key: string): Promise<boolean> {
  if (isPendingKey(key)) return false;
  const pendingKey = pendingKeyOf(key);
  if (!(await storage.exists(pendingKey))) return false;
  try {
    await storage.move(pendingKey, key);
    return true;
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return storage.exists(key);
  }
}

/**
 * At every start, before the server is ready: lists only pending/ (cheap: it holds uploads in
 * flight and crash leftovers, never the stored files) and finishes each upload whose row
 * committed. `committed` answers which of the final keys rows name. Answers the finished keys;
 * pending objects no row names are left to the reconciler's grace period.
 */
export async function finishCommittedUploads(
  storage: FileStorage,
  committed: (finalKeys: readonly string[]) => Promise<ReadonlySet<string>>,
): Promise<string[]> {
  const finalKeys = (await storage.list(PENDING_PREFIX)).map(finalKeyOf);
  if (finalKeys.length === 0) return [];
  const named = await committed(finalKeys);
  const finished: string[] = [];
  for (const key of finalKeys) {
    if (named.has(key) && (await finishPendingMove(storage, key))) finished.push(key);
  }
  return finished;
}
