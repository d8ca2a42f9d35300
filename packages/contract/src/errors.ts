import { z } from 'zod';

/**
 * The error catalogues of both spec files (section 8): which translation key a status shows,
 * per calling context. The server puts the key in every error body; the web shows the body's key
 * when present and falls back to these tables (one place: `translationKeyFor`).
 */

/** Body of every non-2xx answer of the /v1 API. */
export const apiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Translation key of the spec's catalogue, e.g. Email_Format_Error. */
  key: z.string(),
  /** For validation errors: the field the key belongs to. */
  field: z.string().optional(),
  /** Further field errors of the same request (validation). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Plan-limit refusals are answered with status 500 and their key (pet-data section 8). */
export const LIMIT_ERROR_STATUS = 500;

/** Status codes of the catalogue with a meaning of their own. */
export const Status = {
  NoContent: 204,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  CodeAlreadyRedeemed: 433,
  OrderAlreadyPlaced: 434,
  UserNotOnThisPlatform: 438,
  WrongCodeOrNoUser: 470,
  ProductNotAttached: 471,
  SubscriptionExpired: 473,
  CouponRejected: 476,
  CodeAlreadyRedeemedAlt: 477,
  BatchCodeDoesNotExist: 478,
  AmountTooLow: 480,
  InternalError: 500,
  BadGateway: 502,
} as const;

/** Where a call was made from: some statuses mean different things per context. */
export type CallContext =
  | 'default'
  | 'get'
  | 'orderList'
  | 'signup'
  | 'activation'
  | 'activationPage'
  | 'activateSubscription'
  | 'codePost'
  | 'changePassword'
  | 'emergencyPublic';

/**
 * The server messages of a 476 answer and their keys (account-area section 8). The server sends
 * exactly these messages; matching is case-insensitive on the message text.
 */
export const COUPON_MESSAGES = {
  alreadyUsed: 'Coupon already used',
  codeAlreadyRedeemed: 'CODE HAS ALREADY BEEN REDEEMED',
  notValidAtProvider: 'Code not valid at the payment provider',
  notFound: 'Coupon not found',
  tooMany: 'Too many coupons',
  durationAndCaseMismatch: 'Coupon duration invalid and code not for this case',
  durationMismatch: 'Coupon duration invalid',
  notForThisCase: 'Code not for this case',
  newCustomerOnlyUserExists: 'Coupon for new customers only, user already exists',
  existingOnlyNoUser: 'Coupon for existing users only, user does not exist',
  notValidForProduct: 'Coupon not valid for product',
  expired: 'Code Expired',
  notStarted: 'Validity not started yet',
} as const;

const COUPON_MESSAGE_KEYS: ReadonlyArray<[string, string]> = [
  [COUPON_MESSAGES.alreadyUsed, 'Code_Already_Redeemed'],
  [COUPON_MESSAGES.codeAlreadyRedeemed, 'Code_Already_Redeemed'],
  [COUPON_MESSAGES.notValidAtProvider, 'Code_Not_Valid_Stripe_Text'],
  [COUPON_MESSAGES.notFound, 'Coupon_Not_Found'],
  [COUPON_MESSAGES.tooMany, 'Too_Many_Coupons_Text'],
  // The combined message must be matched before its two halves.
  [COUPON_MESSAGES.durationAndCaseMismatch, 'Coupon_Not_Match_Coupon_Not_For_This_Case_Text'],
  [COUPON_MESSAGES.durationMismatch, 'Coupon_Duration_Invalid_Text'],
  [COUPON_MESSAGES.notForThisCase, 'Code_Not_For_This_Case_Text'],
  [COUPON_MESSAGES.newCustomerOnlyUserExists, 'Coupon_For_New_Customer_User_Already_Exist'],
  [COUPON_MESSAGES.existingOnlyNoUser, 'Coupon_For_Existing_User_Doesnot_Exist'],
  [COUPON_MESSAGES.notValidForProduct, 'Coupon_Not_Valid_For_Product'],
  [COUPON_MESSAGES.notStarted, 'Validity_not_started_yet'],
];

/** The 476 table: server message to key; anything unknown is Coupon_Not_Found. */
export function couponMessageKey(serverMessage: string | undefined): string {
  const message = (serverMessage ?? '').toLowerCase();
  if (message.includes('expired')) return 'Code_Expired_Text';
  for (const [text, key] of COUPON_MESSAGE_KEYS) {
    if (message === text.toLowerCase()) return key;
  }
  return 'Coupon_Not_Found';
}

/** Messages of the registration code check (account-area section 8, code check on registration). */
export const CODE_CHECK_MESSAGES = {
  valid: 'CODE IS VALID',
  invalid: 'CODE IS INVALID',
  alreadyRedeemed: 'CODE HAS ALREADY BEEN REDEEMED',
  expired: 'CODE HAS EXPIRED',
  trackerMismatch: 'CODE IS NOT VALID FOR THIS TRACKER ID',
  trackerMissing: 'A TRACKER ID IS REQUIRED FOR THIS CODE',
} as const;

/** Key shown on the code field for a code-check answer (isvalid false). */
export function codeCheckMessageKey(message: string): string {
  const upper = message.toUpperCase();
  if (upper === CODE_CHECK_MESSAGES.alreadyRedeemed) return 'Code_Already_Redeemed';
  if (upper.includes('TRACKER')) return 'Invalid_GPS_id';
  return 'Invalid_Code';
}

/**
 * Both specs' section 8: a German server message that a service is not free ("Dieser Service ist
 * nicht kostenlos", what older servers and partner systems answer) is replaced by Free_Service_Text
 * with an upgrade link, whatever its status or key.
 */
export const FREE_SERVICE_KEY = 'Free_Service_Text';
const SERVICE_NOT_FREE = /\bnicht\s+(?:kostenlos|kostenfrei|gratis)\b/i;
export function isServiceNotFreeMessage(message: string | undefined): boolean {
  return SERVICE_NOT_FREE.test(message ?? '');
}

/**
 * Identity (sign-in) error codes and the keys the sign-in screen shows.
 *
 * No_User_Found is deliberately never shown by a password sign-in (issue 14.9, decided in the
 * open; ARCHITECTURE.md, Security decisions): the identity service answers an unknown address
 * exactly as a wrong password (401 INVALID_EMAIL_OR_PASSWORD, same time), so the form cannot be
 * used to find out who has an account. The spec's "user-not-found: No_User_Found" row stays for
 * the answers that already concern a known person: a deleted account, a link flow's own error.
 */
export const SIGN_IN_ERROR_KEYS: Record<string, string> = {
  USER_NOT_FOUND: 'No_User_Found',
  // The account was deleted (sign-in fails after the deleting session ends).
  ACCOUNT_DELETED: 'No_User_Found',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid_Credentials',
  INVALID_PASSWORD: 'Invalid_Credentials',
  INVALID_EMAIL: 'Invalid_Credentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Invalid_Credentials',
  BANNED_USER: 'Account_Disabled',
  EMAIL_NOT_VERIFIED: 'Email_Verify_Failed',
};

export function signInErrorKey(code: string | undefined): string {
  return (code && SIGN_IN_ERROR_KEYS[code]) || 'Sign_In_Failed';
}

/** The admin ban message, shown on sign-in and on any call made with an existing session. */
export const BANNED_MESSAGE = 'Your access was revoked by admin';

/** Card provider error codes (account-area section 8); anything else shows the provider's text. */
export const CARD_ERROR_KEYS: Record<string, string> = {
  incomplete_number: 'Card_Incomplete_Number',
  invalid_expiry_year_past: 'Card_Expiry_Year_Past',
  incomplete_expiry: 'Card_Incomplete_Expiry',
  invalid_number: 'Card_Invalid_Number',
  incomplete_cvc: 'Card_Incomplete_Cvc',
  incomplete_iban: 'Iban_Incomplete',
  invalid_iban_country_code: 'Iban_Invalid_Country_Code',
  invalid_iban_start: 'Iban_Invalid_Start',
};

/** Public emergency download (account-area section 8). */
export const EMERGENCY_PUBLIC_KEYS = {
  notSupported: 'Emergency_Not_Supported_Text',
  invalidPassword: 'Emergency_Invalid_Password_Text',
  required: 'Emergency_Password_Required_Text',
} as const;

/** Pet-data section 8: plan-limit keys, answered with LIMIT_ERROR_STATUS. */
export const LIMIT_KEYS = {
  noPet: 'No_Pet_Text',
  appointment: 'Appointment_Limit_Reached_Message',
  basicDocument: 'Basic_Document_Limit_Reached_Message',
  premiumDocument: 'Premium_Document_Limit_Reached_Message',
  freePet: 'Free_Pet_Limit_Reached_Message',
  basicPet: 'Basic_Pet_Limit_Reached_Message',
  premiumPet: 'Premium_Pet_Limit_Reached_Message',
  medicalNotAllowed: 'Medical_Not_Allowed_Text',
  appointmentNotAllowed: 'Appointment_Not_Allowed_Text',
  downloadNotAllowed: 'Download_Not_Allowed_Text',
  /** Beyond the spec: calendar feed and other extras of the paid plans. */
  paidExtras: 'Paid_Extras_Not_Allowed_Text',
} as const;

/**
 * The status table of both catalogues. `serverMessage` is the body's message, used for 476.
 * 401 has no key: the client signs out and goes to /.
 */
export function translationKeyFor(
  status: number | 'network',
  context: CallContext = 'default',
  serverMessage?: string,
): string {
  if (status === 'network' || status === Status.BadGateway) return 'Server_Down_Text';
  switch (status) {
    case Status.NoContent:
      if (context === 'orderList') return 'No_Orders_Text';
      if (context === 'activateSubscription') return 'Coupon_Not_Found';
      // Account-area section 8: the activation success message's 204 is "No_Content_Tex" (sic).
      if (context === 'activationPage') return 'No_Content_Tex';
      if (context === 'codePost' || context === 'activation') return 'Invalid_Code';
      return 'No_Content_Text';
    case Status.BadRequest:
      return 'Bad_Request_Text';
    case Status.Unauthorized:
      return 'Session_Expired_Text';
    case Status.Forbidden:
      if (context === 'signup') return 'PrimePet_Merging_Services';
      if (context === 'emergencyPublic') return EMERGENCY_PUBLIC_KEYS.notSupported;
      return 'Forbidden_Text';
    case Status.NotFound:
      if (context === 'emergencyPublic') return EMERGENCY_PUBLIC_KEYS.invalidPassword;
      return 'Not_Found_Text';
    case Status.Conflict:
      return context === 'signup' ? 'User_Already_Exists' : 'GPS_Tracker_Already_Exist';
    case Status.TooManyRequests:
      return 'Too_Many_Requests_Text';
    case Status.CodeAlreadyRedeemed:
    case Status.CodeAlreadyRedeemedAlt:
      return 'Code_Already_Redeemed';
    case Status.OrderAlreadyPlaced:
      return 'Order_Already_Placed_Message';
    case Status.UserNotOnThisPlatform:
      return 'User_Does_Not_Exist_On_This_Platform';
    case Status.WrongCodeOrNoUser:
      // The activation page adds Customer_Service_Text as an underlined link below this text.
      if (context === 'activation' || context === 'activationPage' || context === 'activateSubscription')
        return 'Wrong_Code_Text';
      return 'No_User_Found';
    case Status.ProductNotAttached:
      return 'Product_Not_Attached_Text';
    case Status.SubscriptionExpired:
      return 'Subscription_Expired';
    case Status.CouponRejected:
      return couponMessageKey(serverMessage);
    case Status.BatchCodeDoesNotExist:
      return 'Batch_Code_Does_Not_Exist_Text';
    case Status.AmountTooLow:
      return 'Amount_Less_Error';
    default:
      if (context === 'changePassword' && status === Status.InternalError) return 'Invalid_Password_Text';
      if (context === 'emergencyPublic') return EMERGENCY_PUBLIC_KEYS.invalidPassword;
      if (status >= 500) return 'Failure_Call_Text';
      return 'Something_Went_Wrong_Text';
  }
}
