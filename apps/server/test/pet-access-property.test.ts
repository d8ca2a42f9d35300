import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PET_ACTIONS, PET_RESOURCES, SHARE_KEYS, type PetAction, type PetResource } from '@pet/contract';
import { PetAccessPolicy } from '../src/modules/pets/pet-access.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { registeredUser } from './identity-helpers.ts';
import { createPet, type User } from './support/owners.ts';
import { hoursFromNow, shareDirectly } from './support/shares.ts';

/**
 * Issue 35's property test: the real PetAccessPolicy on a real database, for every relation
 * (owner, a member of each role, nobody) × the share's window (open, before, inside, after,
 * revoked, left) × resource × action × who wrote the entry × a note-only change, against an oracle
 * written from the issue's role list (not from canOnPet).
 */
type Relation = 'owner' | 'co_owner' | 'carer' | 'viewer' | 'nobody';
type Window = 'open' | 'before' | 'inside' | 'after' | 'revoked' | 'left';
type Author = 'self' | 'other' | 'nobody';
type Answer = 'yes' | 'not found' | 'role' | 'not yours';

/** Issue 35, "Roles, per pet" and "One access rule", as a table. */
function oracle(
  relation: Relation,
  window: Window,
  resource: PetResource,
  action: PetAction,
  author: Author,
  noteOnly: boolean,
): Answer {
  if (relation === 'owner') return 'yes';
  // Before and after the window, revoked or left: exactly as for a stranger.
  if (relation === 'nobody' || !['open', 'inside'].includes(window)) return 'not found';
  // Managing shares is the owner's alone.
  if (resource === 'shares') return 'role';
  // Co-owner: everything the owner can do with the pet's data, except deleting the pet.
  if (relation === 'co_owner') return resource === 'profile' && action === 'delete' ? 'role' : 'yes';
  // Vet / viewer: read-only: profile, medical data, documents, appointments, emergency file
  // (weights are part of the profile; the record PDFs are made of those).
  if (relation === 'viewer') {
    // Issue 36: the care plan and the dose log are read too.
    const reads = [
      'profile',
      'weight',
      'medical',
      'document',
      'appointment',
      'emergency',
      'records_export',
      'care_plan',
      'dose',
    ];
    return action === 'read' && reads.includes(resource) ? 'yes' : 'role';
  }
  // Carer: sees everything about the pet (the activity log is the owner's and co-owners'); adds
  // weights and documents and notes to appointments, confirms doses (issue 36: the carer's daily
  // job); may not edit or delete what others wrote, nor change the care plan.
  if (action === 'read') return resource === 'activity' ? 'role' : 'yes';
  if (resource === 'appointment' && action === 'update' && noteOnly) return 'yes';
  if (resource !== 'weight' && resource !== 'document' && resource !== 'dose') return 'role';
  if (action === 'create') return 'yes';
  return author === 'self' ? 'yes' : 'not yours';
}

let t: TestApp;
let owner: User;
let member: User;
let petId: string;
let policy: PetAccessPolicy;

beforeAll(async () => {
  t = await createTestApp();
  [owner, member] = await Promise.all([registeredUser(t.app), registeredUser(t.app)]);
  petId = (await createPet(t.app, owner)).id;
  policy = new PetAccessPolicy({ db: t.app.db, kind: t.app.database.kind, clock: t.app.clock });
}, 120_000);
afterAll(async () => t?.close());

async function setShare(relation: Relation, window: Window): Promise<void> {
  await t.app.db.deleteFrom('pet_share').where('member_id', '=', member.id).execute();
  if (relation === 'owner' || relation === 'nobody') return;
  const at = (hours: number) => hoursFromNow(t.app, hours);
  const windows: Record<
    Window,
    { startsAt?: string; endsAt?: string; ended?: { at: string; reason: 'revoked' | 'left' } }
  > = {
    open: {},
    before: { startsAt: at(1), endsAt: at(48) },
    inside: { startsAt: at(-1), endsAt: at(1) },
    after: { startsAt: at(-48), endsAt: at(-1) },
    revoked: { startsAt: at(-1), endsAt: at(48), ended: { at: at(-0.5), reason: 'revoked' } },
    left: { ended: { at: at(-0.5), reason: 'left' } },
  };
  await shareDirectly(t.app, {
    ownerId: owner.id,
    memberId: member.id,
    petId,
    role: relation,
    ...windows[window],
  });
}

async function ask(
  relation: Relation,
  resource: PetResource,
  action: PetAction,
  author: Author,
  noteOnly: boolean,
): Promise<Answer> {
  const actor = relation === 'owner' ? owner.id : member.id;
  const createdBy =
    author === 'self' ? actor : author === 'other' ? (actor === owner.id ? member.id : owner.id) : null;
  const entry = action === 'update' || action === 'delete' ? { createdBy } : undefined;
  try {
    await policy.require(actor, petId, { action, resource, entry, noteOnly });
    return 'yes';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.statusCode === 404) return 'not found';
    if (err.statusCode === 403 && err.key === SHARE_KEYS.roleForbids) return 'role';
    if (err.statusCode === 403 && err.key === SHARE_KEYS.notYours) return 'not yours';
    throw err;
  }
}

describe(`the pet access rule against issue 35's role list (${testDatabaseKind})`, () => {
  it('answers as the oracle for every relation, window, resource, action and author', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Relation>('owner', 'co_owner', 'carer', 'viewer', 'nobody'),
        fc.constantFrom<Window>('open', 'before', 'inside', 'after', 'revoked', 'left'),
        fc.constantFrom(...PET_RESOURCES),
        fc.constantFrom(...PET_ACTIONS),
        fc.constantFrom<Author>('self', 'other', 'nobody'),
        fc.boolean(),
        async (relation, window, resource, action, author, noteOnly) => {
          await setShare(relation, window);
          const answer = await ask(relation, resource, action, author, noteOnly);
          expect(answer).toBe(oracle(relation, window, resource, action, author, noteOnly));
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it('an active share lists the pet among the shared ones; any other window does not', async () => {
    for (const window of ['open', 'before', 'inside', 'after', 'revoked', 'left'] as const) {
      await setShare('carer', window);
      expect(await policy.sharedPetIds(member.id), window).toEqual(
        ['open', 'inside'].includes(window) ? [petId] : [],
      );
    }
  });
});
