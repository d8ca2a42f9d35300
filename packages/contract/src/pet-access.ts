/**
 * The one access rule of a pet's data (issue 35): who may do what with a pet, from the caller's
 * relation to it. The server decides with it on every pet-data call (modules/pets/pet-access.ts
 * finds the relation: owner, or an active share and its role); the web only uses it to hide what
 * the server would refuse. Zod-free: the web's pet pages load it on their first visit.
 */

/** The caller's relation to a pet: its owner, or the role of an active share. */
export type PetRelation = 'owner' | 'co_owner' | 'carer' | 'viewer';

/** What a pet's data is made of, as the rule tells them apart. */
export const PET_RESOURCES = [
  /** The profile (and its photo). */
  'profile',
  'weight',
  'contact',
  'medical',
  'document',
  'appointment',
  /** The emergency file (PDF) of the pet. */
  'emergency',
  'lost_pet_tag',
  /** The vaccination record PDF and the vet handover PDF. */
  'records_export',
  /** Handover share links (they give a stranger the documents). */
  'handover_link',
  'activity',
  /** The pet's shares: invite, change, end. */
  'shares',
  /** Care plans (issue 36): medication schedules, vaccinations due, the weight goal. */
  'care_plan',
  /** The dose log: confirming a dose given or skipped (a carer's daily job), and undoing it. */
  'dose',
] as const;
export type PetResource = (typeof PET_RESOURCES)[number];

export const PET_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type PetAction = (typeof PET_ACTIONS)[number];

/** What the rule needs to know of an existing entry: who wrote it (null: before sharing existed). */
export interface PetEntry {
  createdBy: string | null;
}

/**
 * 'yes'; 'role' (the relation never may: 403 Share_Role_Forbidden_Text); 'not yours' (a carer
 * changing someone else's entry: 403 Share_Not_Your_Entry_Text).
 */
export type PetAccessAnswer = 'yes' | 'role' | 'not yours';

const VIEWER_READS: ReadonlySet<PetResource> = new Set([
  'profile',
  'weight',
  'medical',
  'document',
  'appointment',
  'emergency',
  'records_export',
  'care_plan',
  'dose',
]);
/** What a carer adds, and may then change or delete while it is their own. */
const CARER_ADDS: ReadonlySet<PetResource> = new Set(['weight', 'document', 'dose']);
/** Co-owners do everything with the pet's data except these (and deleting the pet). */
const OWNER_ONLY: ReadonlySet<PetResource> = new Set(['shares']);

/**
 * May `relation` do `action` on `resource` of a pet? `entry` is the existing entry an update or
 * delete is about, `actorId` the caller (a carer may change their own entries). An appointment's
 * note (its comments) is a carer's update of any appointment: the service asks with resource
 * 'appointment' and `noteOnly`.
 */
export function canOnPet(
  relation: PetRelation,
  action: PetAction,
  resource: PetResource,
  options: { entry?: PetEntry; actorId?: string; noteOnly?: boolean } = {},
): PetAccessAnswer {
  switch (relation) {
    case 'owner':
      return 'yes';
    case 'co_owner':
      if (OWNER_ONLY.has(resource)) return 'role';
      if (resource === 'profile' && action === 'delete') return 'role';
      return 'yes';
    case 'viewer':
      return action === 'read' && VIEWER_READS.has(resource) ? 'yes' : 'role';
    case 'carer': {
      if (action === 'read') return resource === 'shares' || resource === 'activity' ? 'role' : 'yes';
      if (resource === 'appointment' && action === 'update' && options.noteOnly) return 'yes';
      if (!CARER_ADDS.has(resource)) return 'role';
      if (action === 'create') return 'yes';
      const ownEntry =
        options.entry !== undefined &&
        options.entry.createdBy !== null &&
        options.entry.createdBy === options.actorId;
      return ownEntry ? 'yes' : 'not yours';
    }
  }
}

/** Whether a relation may see the pet's activity log (owner and co-owners). */
export const seesActivity = (relation: PetRelation) => canOnPet(relation, 'read', 'activity') === 'yes';

/** Whether a relation gets the pet's reminders; a carer only when the owner chose so. */
export function getsReminders(relation: PetRelation, carerReminders: boolean): boolean {
  if (relation === 'owner' || relation === 'co_owner') return true;
  return relation === 'carer' && carerReminders;
}
