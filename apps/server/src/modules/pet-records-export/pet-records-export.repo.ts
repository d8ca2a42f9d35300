import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HandoverLinkTable } from '../../db/tables/exports.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type HandoverLinkRow = Selectable<HandoverLinkTable>;

/**
 * The pet's documents of these ids with their files (position order), in the order of `ids`;
 * ids that are not this pet's documents are left out (the caller's access to the pet was checked).
 */
export async function documentsOfPet(db: Db, petId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const documents = await db
    .selectFrom('document')
    .select(['id', 'document_type', 'description', 'created_at'])
    .where('pet_id', '=', petId)
    .where('id', 'in', ids)
    .execute();
  if (documents.length === 0) return [];
  const files = await db
    .selectFrom('document_file')
    .select(['id', 'document_id', 'storage_key', 'ext', 'size', 'position'])
    .where(
      'document_id',
      'in',
      documents.map((document) => document.id),
    )
    .orderBy('position')
    .execute();
  const byId = new Map(documents.map((document) => [document.id, document]));
  return ids
    .map((id) => byId.get(id))
    .filter((document) => document !== undefined)
    .map((document) => ({ ...document, files: files.filter((file) => file.document_id === document.id) }));
}
export type HandoverDocumentRow = Awaited<ReturnType<typeof documentsOfPet>>[number];

export function insertLink(db: Db, row: HandoverLinkRow): Promise<unknown> {
  return db.insertInto('handover_link').values(row).execute();
}

export function listLinks(db: Db, petId: string): Promise<HandoverLinkRow[]> {
  return db
    .selectFrom('handover_link')
    .selectAll()
    .where('pet_id', '=', petId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** A link by its id (the service then checks the caller's access to its pet). */
export function findLink(db: Db, id: string): Promise<HandoverLinkRow | undefined> {
  return db.selectFrom('handover_link').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Revokes a link (once: a revoked link keeps its first revocation time); answers whether this call
 * revoked it.
 */
export async function revokeLink(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('handover_link')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A link by its token with the pet's name (the public page). */
export function findLinkByToken(db: Db, token: string) {
  return db
    .selectFrom('handover_link')
    .innerJoin('pet', 'pet.id', 'handover_link.pet_id')
    .selectAll('handover_link')
    .select(['pet.name as pet_name'])
    .where('handover_link.token', '=', token)
    .executeTakeFirst();
}
export type LinkWithPet = NonNullable<Awaited<ReturnType<typeof findLinkByToken>>>;

/** Counts a download in one atomic step (parallel downloads each count). */
export async function countDownload(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('handover_link')
    .set((eb) => ({ downloads: eb('downloads', '+', 1), last_download_at: at }))
    .where('id', '=', id)
    .execute();
}
