import { CODE_CHECK_MESSAGES, Status } from '@pet/contract';
import { badRequest, conflict, withStatus, type AppError } from '../../platform/errors.ts';
import type { CodeProblem } from '../plans/codes.service.ts';

/*
 * How an activation code's problem is answered: as an error of signup and verifycode, or as the
 * message of the public code check.
 */

/** A code problem as the answer of verifycode (and of signup, which has no 204). */
export function codeProblemError(problem: CodeProblem, context: 'verifycode' | 'signup'): AppError | null {
  switch (problem) {
    case 'unknown':
      return context === 'signup'
        ? badRequest('Invalid_Code', 'activation_code', CODE_CHECK_MESSAGES.invalid)
        : null;
    case 'unknown_batch':
      return withStatus(
        Status.BatchCodeDoesNotExist,
        'Batch_Code_Does_Not_Exist_Text',
        'Batch code does not exist',
      );
    case 'other_brand':
      return withStatus(Status.WrongCodeOrNoUser, 'Wrong_Code_Text', 'Code is not valid for this product');
    case 'tracker_mismatch':
      return withStatus(Status.WrongCodeOrNoUser, 'Wrong_Code_Text', CODE_CHECK_MESSAGES.trackerMismatch);
    case 'redeemed_by_user':
      return withStatus(
        Status.CodeAlreadyRedeemedAlt,
        'Code_Already_Redeemed',
        'Code already redeemed by this user',
      );
    case 'redeemed':
      return withStatus(
        Status.CodeAlreadyRedeemed,
        'Code_Already_Redeemed',
        CODE_CHECK_MESSAGES.alreadyRedeemed,
      );
    case 'expired':
      return withStatus(Status.SubscriptionExpired, 'Subscription_Expired', CODE_CHECK_MESSAGES.expired);
    case 'no_product':
      return withStatus(
        Status.ProductNotAttached,
        'Product_Not_Attached_Text',
        'No product attached to this code',
      );
    case 'tracker_missing':
      return context === 'signup'
        ? badRequest('GPS_Tracker_Id', 'tracker_ids', CODE_CHECK_MESSAGES.trackerMissing)
        : badRequest('GPS_Tracker_ID_Required', 'tracker_ids', CODE_CHECK_MESSAGES.trackerMissing);
  }
}

export const trackerTaken = (trackerId: string) =>
  conflict('GPS_Tracker_Already_Exist', `GPS tracker ${trackerId} is already registered to another user`);

export const CHECK_MESSAGE: Record<CodeProblem, string> = {
  unknown: CODE_CHECK_MESSAGES.invalid,
  unknown_batch: CODE_CHECK_MESSAGES.invalid,
  other_brand: CODE_CHECK_MESSAGES.invalid,
  no_product: CODE_CHECK_MESSAGES.invalid,
  redeemed_by_user: CODE_CHECK_MESSAGES.alreadyRedeemed,
  redeemed: CODE_CHECK_MESSAGES.alreadyRedeemed,
  expired: CODE_CHECK_MESSAGES.expired,
  tracker_missing: CODE_CHECK_MESSAGES.trackerMissing,
  tracker_mismatch: CODE_CHECK_MESSAGES.trackerMismatch,
};
