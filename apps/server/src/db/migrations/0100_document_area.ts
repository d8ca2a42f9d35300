import { sql, type Kysely } from 'kysely';

/**
 * The vet findings' last category is stored as the spec's "Others" (it was 'Other Findings'), so a
 * document now records its area: the two areas' "Others" stay apart. Values are spelled out here,
 * not imported, because a shipped migration must not change when the contract does.
 */
const VET_FINDING_TYPES = [
  'Diagnoses',
  'Laboratory Findings',
  'Photos',
  'Prescriptions',
  'X-rays',
  'Ultrasound Images',
  'Other Findings',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('document')
    .addColumn('area', 'text', (c) => c.notNull().defaultTo('document-safe'))
    .execute();
  await sql`update document set area = 'vet-findings' where document_type in (${sql.join(VET_FINDING_TYPES)})`.execute(
    db,
  );
  await sql`update document set document_type = 'Others' where document_type = 'Other Findings'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update document set document_type = 'Other Findings' where document_type = 'Others' and area = 'vet-findings'`.execute(
    db,
  );
  await db.schema.alterTable('document').dropColumn('area').execute();
}
