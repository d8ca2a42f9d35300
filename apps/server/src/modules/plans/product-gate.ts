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
export async function requireAttachedProduct(request: FastifyRequest): Promise<void> {
  if (request.brand.productVisibility !== 'activationFirst') return;
  const { id } = signedInUser(request);
  const row = await request.server.db
    .selectFrom('user_subscription')
    .select('product_associated')
    .where('user_id', '=', id)
    .executeTakeFirst();
  if (!row || !fromDbBool(row.product_associated)) {
    throw new AppError(
      Status.ProductNotAttached,
      'Product_Not_Attached_Text',
      'This brand needs an attached product first: redeem an activation code (POST /v1/auth/verifycode)',
    );
  }
}

/** The 471 answer as the OpenAPI document shows it on every gated route (access level `petData`). */
export const productNotAttachedResponse = apiErrorBodySchema.describe(
  'Product_Not_Attached_Text: the brand requires an attached product first (dog brand) and the user has ' +
    'none yet; redeem an activation code with POST /v1/auth/verifycode',
);
