import { describe, it, expect } from 'vitest';
import {
  BANNED_MESSAGE,
  CARD_ERROR_KEYS,
  CODE_CHECK_MESSAGES,
  COUPON_MESSAGES,
  SIGN_IN_ERROR_KEYS,
  apiErrorBodySchema,
  codeCheckMessageKey,
  couponMessageKey,
  signInErrorKey,
  translationKeyFor,
  type CallContext,
} from '../src/errors.ts';

const CONTEXTS: CallContext[] = [
  'default',
  'get',
  'orderList',
  'signup',
  'activation',
  'activationPage',
  'activateSubscription',
  'codePost',
  'changePassword',
  'emergencyPublic',
];

/** Expected key per status: the default plus the contexts where the catalogues differ. */
const TABLE: Array<[number | 'network', string, Partial<Record<CallContext, string>>]> = [
  [
    204,
    'No_Content_Text',
    {
      orderList: 'No_Orders_Text',
      activateSubscription: 'Coupon_Not_Found',
      codePost: 'Invalid_Code',
      activation: 'Invalid_Code',
      activationPage: 'No_Content_Tex',
    },
  ],
  [400, 'Bad_Request_Text', {}],
  [401, 'Session_Expired_Text', {}],
  [
    403,
    'Forbidden_Text',
    { signup: 'PrimePet_Merging_Services', emergencyPublic: 'Emergency_Not_Supported_Text' },
  ],
  [404, 'Not_Found_Text', { emergencyPublic: 'Emergency_Invalid_Password_Text' }],
  [409, 'GPS_Tracker_Already_Exist', { signup: 'User_Already_Exists' }],
  [429, 'Too_Many_Requests_Text', {}],
  [433, 'Code_Already_Redeemed', {}],
  [434, 'Order_Already_Placed_Message', {}],
  [438, 'User_Does_Not_Exist_On_This_Platform', {}],
  [
    470,
    'No_User_Found',
    {
      activation: 'Wrong_Code_Text',
      activateSubscription: 'Wrong_Code_Text',
      activationPage: 'Wrong_Code_Text',
    },
  ],
  [471, 'Product_Not_Attached_Text', {}],
  [473, 'Subscription_Expired', {}],
  [476, 'Coupon_Not_Found', {}],
  [477, 'Code_Already_Redeemed', {}],
  [478, 'Batch_Code_Does_Not_Exist_Text', {}],
  [480, 'Amount_Less_Error', {}],
  [
    500,
    'Failure_Call_Text',
    { changePassword: 'Invalid_Password_Text', emergencyPublic: 'Emergency_Invalid_Password_Text' },
  ],
  [502, 'Server_Down_Text', {}],
  ['network', 'Server_Down_Text', {}],
  [503, 'Failure_Call_Text', { emergencyPublic: 'Emergency_Invalid_Password_Text' }],
  [504, 'Failure_Call_Text', { emergencyPublic: 'Emergency_Invalid_Password_Text' }],
  [418, 'Something_Went_Wrong_Text', { emergencyPublic: 'Emergency_Invalid_Password_Text' }],
];

describe('translationKeyFor', () => {
  for (const [status, fallback, overrides] of TABLE) {
    for (const context of CONTEXTS) {
      const expected = overrides[context] ?? fallback;
      it(`${status} in ${context} -> ${expected}`, () => {
        expect(translationKeyFor(status, context)).toBe(expected);
      });
    }
  }

  it('uses the default context when none is given', () => {
    expect(translationKeyFor(204)).toBe('No_Content_Text');
    expect(translationKeyFor(409)).toBe('GPS_Tracker_Already_Exist');
  });

  it('maps 476 by the server message', () => {
    expect(translationKeyFor(476, 'default', COUPON_MESSAGES.tooMany)).toBe('Too_Many_Coupons_Text');
    expect(translationKeyFor(476, 'default', 'Coupon Expired')).toBe('Code_Expired_Text');
    expect(translationKeyFor(476, 'default', 'who knows')).toBe('Coupon_Not_Found');
  });
});

describe('couponMessageKey', () => {
  const expected: Record<keyof typeof COUPON_MESSAGES, string> = {
    alreadyUsed: 'Code_Already_Redeemed',
    codeAlreadyRedeemed: 'Code_Already_Redeemed',
    notValidAtProvider: 'Code_Not_Valid_Stripe_Text',
    notFound: 'Coupon_Not_Found',
    tooMany: 'Too_Many_Coupons_Text',
    durationAndCaseMismatch: 'Coupon_Not_Match_Coupon_Not_For_This_Case_Text',
    durationMismatch: 'Coupon_Duration_Invalid_Text',
    notForThisCase: 'Code_Not_For_This_Case_Text',
    newCustomerOnlyUserExists: 'Coupon_For_New_Customer_User_Already_Exist',
    existingOnlyNoUser: 'Coupon_For_Existing_User_Doesnot_Exist',
    notValidForProduct: 'Coupon_Not_Valid_For_Product',
    expired: 'Code_Expired_Text',
    notStarted: 'Validity_not_started_yet',
  };

  it('covers every catalogue message', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(COUPON_MESSAGES).sort());
  });

  for (const [name, message] of Object.entries(COUPON_MESSAGES)) {
    it(`${JSON.stringify(message)} -> ${expected[name as keyof typeof COUPON_MESSAGES]}`, () => {
      expect(couponMessageKey(message)).toBe(expected[name as keyof typeof COUPON_MESSAGES]);
      expect(couponMessageKey(message.toUpperCase())).toBe(expected[name as keyof typeof COUPON_MESSAGES]);
    });
  }

  it('any message containing "Expired" is Code_Expired_Text', () => {
    expect(couponMessageKey('This coupon has Expired on 01.01.2024')).toBe('Code_Expired_Text');
    expect(couponMessageKey('expired')).toBe('Code_Expired_Text');
  });

  it('unknown or missing messages fall back to Coupon_Not_Found', () => {
    expect(couponMessageKey('Something else')).toBe('Coupon_Not_Found');
    expect(couponMessageKey('')).toBe('Coupon_Not_Found');
    expect(couponMessageKey(undefined)).toBe('Coupon_Not_Found');
    // Exact messages only: a longer text is not one of the catalogue's messages.
    expect(couponMessageKey(`${COUPON_MESSAGES.tooMany} today`)).toBe('Coupon_Not_Found');
  });
});

describe('codeCheckMessageKey', () => {
  it.each([
    [CODE_CHECK_MESSAGES.alreadyRedeemed, 'Code_Already_Redeemed'],
    ['code has already been redeemed', 'Code_Already_Redeemed'],
    [CODE_CHECK_MESSAGES.trackerMismatch, 'Invalid_GPS_id'],
    [CODE_CHECK_MESSAGES.trackerMissing, 'Invalid_GPS_id'],
    [CODE_CHECK_MESSAGES.invalid, 'Invalid_Code'],
    [CODE_CHECK_MESSAGES.expired, 'Invalid_Code'],
    ['whatever', 'Invalid_Code'],
  ])('%j -> %s', (message, key) => {
    expect(codeCheckMessageKey(message)).toBe(key);
  });
});

describe('sign-in and card keys', () => {
  it('maps identity codes and falls back to Sign_In_Failed', () => {
    expect(signInErrorKey('USER_NOT_FOUND')).toBe('No_User_Found');
    expect(signInErrorKey('INVALID_EMAIL_OR_PASSWORD')).toBe('Invalid_Credentials');
    expect(signInErrorKey('INVALID_PASSWORD')).toBe('Invalid_Credentials');
    expect(signInErrorKey('BANNED_USER')).toBe('Account_Disabled');
    expect(signInErrorKey('EMAIL_NOT_VERIFIED')).toBe('Email_Verify_Failed');
    expect(signInErrorKey('SOMETHING')).toBe('Sign_In_Failed');
    expect(signInErrorKey(undefined)).toBe('Sign_In_Failed');
    for (const key of Object.values(SIGN_IN_ERROR_KEYS)) expect(key).toMatch(/^[A-Z][A-Za-z_]+$/);
  });

  it('has a key for each card provider code of the catalogue', () => {
    expect(Object.keys(CARD_ERROR_KEYS).sort()).toEqual(
      [
        'incomplete_number',
        'invalid_expiry_year_past',
        'incomplete_expiry',
        'invalid_number',
        'incomplete_cvc',
        'incomplete_iban',
        'invalid_iban_country_code',
        'invalid_iban_start',
      ].sort(),
    );
    expect(BANNED_MESSAGE).toBe('Your access was revoked by admin');
  });
});

describe('apiErrorBodySchema', () => {
  it('requires statusCode, error, message and key', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'invalid',
      key: 'Email_Format_Error',
      field: 'email',
    };
    expect(apiErrorBodySchema.safeParse(body).success).toBe(true);
    expect(apiErrorBodySchema.safeParse({ ...body, key: undefined }).success).toBe(false);
    expect(apiErrorBodySchema.safeParse({ ...body, statusCode: 400.5 }).success).toBe(false);
  });
});
