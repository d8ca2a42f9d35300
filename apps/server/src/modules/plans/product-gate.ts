import type { FastifyRequest } from 'fastify';
import { apiErrorBodySchema, Status } from '@pet/contract';
import { fromDbBool } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';

/**
 * Account-area sections 2 and 4 (issue 14.1): a brand whose product visibility is
 * `activationFirst` (the dog brand) shows a signed-in user without an attached product only the
 * activation page. The API holds the same line, or a typed URL or a mobile client would get the
 * pet data anyway: every pet-data call answers 471 Product_Not_Attached_Text (the catalogue's
 * status for "no product attached") until a code or a paid order attaches a product.
 * Other brands are not affected.
 */
export async function requireAttachedProduct(
  request: FastifyRequest,
  sharedPetIds?: (userId: string) => Promise<string[]>,
): Promise<void> {
  if (request.brand.productVisibility !== 'activationFirst') return;
  const { id } = signedInUser(request);
  const row = await request.server.db
    .selectFrom('user_subscription')
    .select('product_associated')
    .where('user_id', '=', id)
    .executeTakeFirst();
  if (!row || !fromDbBool(row.product_associated)) {
    if (sharedPetIds && (await reachesSharedPet(request, id, sharedPetIds))) return;
    throw new AppError(
      Status.ProductNotAttached,
      'Product_Not_Attached_Text',
      'This brand needs an attached product first: redeem an activation code (POST /v1/auth/verifycode)',
    );
  }
}

/** The query parameters that name a pet's row; the pet access rule then decides (issue 35). */
const PET_ROW_PARAMS = ['contact_id', 'med_id', 'doc_id', 'appt_id', 'file_id', 'weight_id'] as const;

/**
 * Issue 35: a member needs no product of their own (the invitee needs no paid plan). A user without
 * one passes the gate only on a call about a pet shared with them now: `pet_id` names such a pet,
 * or a row id is given while they have an active share (such a user owns no pets, so the access
 * rule finds only shared rows). Everything else (their own pets, lists, adding a pet) stays 471.
 */
async function reachesSharedPet(
  request: FastifyRequest,
  userId: string,
  sharedPetIds: (userId: string) => Promise<string[]>,
): Promise<boolean> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  // PUT and DELETE /v1/pet name the pet `id`; elsewhere `id` is a row's (a handover link's).
  const petId = text(query.pet_id) ?? (request.routeOptions.url === '/v1/pet' ? text(query.id) : undefined);
  const namesRow = [...PET_ROW_PARAMS, 'id'].some((param) => text(query[param]) !== undefined);
  if (!petId && !namesRow) return false;
  const shared = await sharedPetIds(userId);
  return petId ? shared.includes(petId) : shared.length > 0;
}

/** The 471 answer as the OpenAPI document shows it on every gated route (access level `petData`). */
export const productNotAttachedResponse = apiErrorBodySchema.describe(
  'Product_Not_Attached_Text: the brand requires an attached product first (dog brand) and the user has ' +
    'none yet; redeem an activation code with POST /v1/auth/verifycode',
);
