import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DocumentFileTable, DocumentTable } from '../../db/tables/documents.ts';
import { nowIso } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type DocumentRow = Selectable<DocumentTable>;
export type DocumentFileRow = Selectable<DocumentFileTable>;

export async function countUserDocuments(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertFiles(
  db: Db,
  files: ReadonlyArray<Omit<DocumentFileRow, 'id' | 'created_at' | 'document_id'>>,
): Promise<DocumentFileRow[]> {
  const now = nowIso();
  const rows = files.map((file) => ({ ...file, id: randomUUID(), document_id: null, created_at: now }));
  if (rows.length > 0) await db.insertInto('document_file').values(rows).execute();
  return rows;
}

/** The owner's files of this pet among `ids` that no document has claimed yet. */
export async function unclaimedFiles(db: Db, userId: string, petId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('document_file')
    .selectAll()
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('pet_id', '=', petId)
    .where('document_id', 'is', null)
    .execute();
}

export async function insertDocument(
  trx: Transaction<Database>,
  values: Pick<DocumentRow, 'user_id' | 'created_by' | 'pet_id' | 'document_type' | 'area' | 'description'>,
  fileIds: readonly string[],
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('document')
    .values({ ...values, id, created_at: now, updated_at: now })
    .execute();
  // Claim only files still unclaimed: two documents can never share a file.
  const claimed = await trx
    .updateTable('document_file')
    .set({ document_id: id })
    .where('id', 'in', fileIds)
    .where('document_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== fileIds.length) throw new Error('file already claimed');
  return id;
}

// Finding, listing and deleting a pet's documents and files: the shared helpers of
// ../pets/pet-access.ts.

export async function filesOf(db: Db, documentIds: readonly string[]): Promise<DocumentFileRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('document_file')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('position')
    .execute();
}

/**
 * Where a document file is stored and its type, whoever owns it: only for jobs that act on files
 * by id (thumbnails), never for an owner's request.
 */
export async function storedFile(db: Db, fileId: string) {
  return db
    .selectFrom('document_file')
    .select(['storage_key', 'ext'])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** After the caller's access to the document was checked. */
export async function updateDescription(db: Db, documentId: string, description: string): Promise<void> {
  await db
    .updateTable('document')
    .set({ description, updated_at: nowIso() })
    .where('id', '=', documentId)
    .execute();
}
