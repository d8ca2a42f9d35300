import { Status, translationKeyFor } from '@pet/contract';
import { isApiError } from '@/lib/api-client';

export interface ActivationFailure {
  /** Translation key of the text to show. */
  key: string;
  /** A form field the failure belongs to (shown under the field instead). */
  field?: 'emergency_code' | 'gps_tracker_id';
  /** 470 on this page: Customer_Service_Text follows the text as an underlined link. */
  contactSupport: boolean;
}

/**
 * The text of a failed activation on the Activate product page (account-area section 8): every
 * status through the catalogue with the page's context, so 204 is No_Content_Tex, 470
 * Wrong_Code_Text with the customer service link, 409 GPS_Tracker_Already_Exist, 433 and 477 Code_Already_Redeemed, 471
 * Product_Not_Attached_Text, 473 Subscription_Expired, 478 Batch_Code_Does_Not_Exist_Text. A 400
 * names its field (GPS_Tracker_ID_Required); no answer at all is Server_Down_Text.
 */
export function activationFailure(error: unknown): ActivationFailure {
  if (!isApiError(error)) return { key: 'Something_Went_Wrong_Text', contactSupport: false };
  if (error.kind !== 'http') return { key: error.key, contactSupport: false };
  if (error.status === Status.BadRequest && error.field) {
    const field =
      error.field === 'code'
        ? 'emergency_code'
        : error.field.startsWith('tracker')
          ? 'gps_tracker_id'
          : undefined;
    if (field) return { key: error.key, field, contactSupport: false };
  }
  if (error.status === Status.TooManyRequests) return { key: error.key, contactSupport: false };
  const key = translationKeyFor(error.status, 'activationPage', error.message);
  return { key, contactSupport: error.status === Status.WrongCodeOrNoUser };
}
