import { z } from 'zod';
import { USER_LANGUAGES } from '../constants.ts';
import { idSchema, SHORT_TEXT_MAX_LENGTH, TEXT_LENGTH_KEYS } from './common.ts';
import { nameSchema } from './auth.ts';
import { petSummarySchema } from './pets.ts';
import { productSchema } from './subscription.ts';
import { renewalProblemSchema } from './renewal-attention.ts';
import { sharedPetSchema } from './sharing.ts';

/** The signed-in user's info, settings, address and account deletion (account-area 3, 5, 7). */

export const userLanguageSchema = z.enum(USER_LANGUAGES);

/** A pending downgrade: the target plan and when it takes effect (epoch seconds); false if none. */
export const downgradingSchema = z.union([
  z.literal(false),
  z.object({
    product: productSchema,
    date: z.number().int().optional(),
    /**
     * An addition to the spec: the day (dd.MM.yyyy, seller's calendar) the new plan starts, the
     * day after the current term's last day. Computed by the server; every screen and mail shows it.
     */
    starts_on: z.string().optional(),
  }),
]);
export type Downgrading = z.infer<typeof downgradingSchema>;

/** GET /v1/auth/myinfo. */
export const userInfoSchema = z.object({
  id: idSchema,
  /** The spec's fname. */
  name: z.string(),
  image_url: z.string().nullable(),
  email: z.string(),
  language: userLanguageSchema,
  /** The user's IANA zone (issue 36); the server always answers it (optional for older clients' fixtures). */
  time_zone: z.string().optional(),
  stay_loggedin: z.boolean(),
  /** The attached plan; null until a code or an order attached one. */
  product: productSchema.nullable(),
  /**
   * Whether a product (code) is associated with the account. The registration payload sends the
   * code choice under the same name; the read side only needs the yes/no (section 4).
   */
  product_associated: z.boolean(),
  tracker_ids: z.array(z.string()),
  /**
   * Not in the spec's table (an addition): the user owns a GPS tracker, registered (tracker_ids) or
   * paid for with an order. Its owner is not charged or offered the tracker's one-time price again.
   */
  tracker_owned: z.boolean().optional(),
  /** Epoch seconds; the UI multiplies by 1000. */
  stripe_subscription_end: z.number().int().nullable(),
  /**
   * Additions to the spec (dd.MM.yyyy, seller's calendar, computed by the server from
   * stripe_subscription_end, which is the instant the next period begins): the current term's last
   * day, and the day after it, when a renewal, a downgrade or the free plan starts. A period ends
   * the day before the next begins (packages/contract/src/periods.ts).
   */
  subscription_last_day: z.string().nullable().optional(),
  subscription_next_day: z.string().nullable().optional(),
  stripe_price_id: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  is_promo: z.boolean(),
  is_gift: z.boolean(),
  is_trial: z.boolean(),
  trial_months: z.number().int().min(0).nullable(),
  /** 'single' allows the emergency download; null when no activation code was redeemed. */
  activation_code_type: z.string().nullable(),
  downgrading: downgradingSchema,
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  pets: z.array(petSummarySchema),
  /** Pets other owners share with the user now (issue 35; active shares only). */
  shared_pets: z.array(sharedPetSchema).optional(),
  /**
   * Not in the spec's table (an addition; clients that do not know it ignore it): true while the
   * user is in their first signed-in session ever, false from the second sign-in on. The web
   * greets with "Welcome" or "Welcome back" by it.
   */
  first_sign_in: z.boolean().optional(),
  /** Added (issue 33): a renewal that failed and is being retried or needs 3-D Secure; else null. */
  renewal_problem: renewalProblemSchema.nullable().optional(),
  /** Added (issue 33): a paid plan ended; buying again until then restores everything (epoch s). */
  restore_until: z.number().int().nullable().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST /v1/auth/modify: one (or more) of name, language, stay_loggedin. */
export const modifyBodySchema = z
  .object({
    name: nameSchema.optional(),
    language: z.enum(['English', 'German']).optional(),
    stay_loggedin: z.boolean().optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.language !== undefined || body.stay_loggedin !== undefined,
    'Bad_Request_Text',
  );
export type ModifyBody = z.infer<typeof modifyBodySchema>;

/** Profile: the name is required (saved on blur when not empty); the e-mail is read-only. */
export const profileNameFormSchema = z.object({ name: nameSchema });
export type ProfileNameForm = z.infer<typeof profileNameFormSchema>;

/** Address form of the settings page: plain strings, country may be empty; bounded like every text. */
const addressText = z.string().max(SHORT_TEXT_MAX_LENGTH, TEXT_LENGTH_KEYS.short);
export const addressFormSchema = z.object({
  addressName: addressText,
  street: addressText,
  postalCode: addressText,
  number: addressText,
  city: addressText,
  country: addressText,
});
export type AddressForm = z.infer<typeof addressFormSchema>;

/** PUT or POST /v1/user/update?id=. */
export const addressBodySchema = z.object({
  zipcode: addressText,
  phone: addressText,
  address_2: addressText,
  address_1: addressText,
  city: addressText,
  country: addressText,
});
export type AddressBody = z.infer<typeof addressBodySchema>;

/** Form field to body field (account-area section 3, Address form). */
export function addressFormToBody(form: AddressForm): AddressBody {
  return {
    address_1: form.addressName,
    address_2: form.street,
    zipcode: form.postalCode,
    phone: form.number,
    city: form.city,
    country: form.country,
  };
}

export function userInfoToAddressForm(
  user: Pick<UserInfo, 'address_1' | 'address_2' | 'zipcode' | 'phone' | 'city' | 'country'>,
): AddressForm {
  return {
    addressName: user.address_1 ?? '',
    street: user.address_2 ?? '',
    postalCode: user.zipcode ?? '',
    number: user.phone ?? '',
    city: user.city ?? '',
    country: user.country ?? '',
  };
}

/** POST or DELETE /v1/auth/deleteuseracc?user_id=. */
export const userIdQuerySchema = z.object({ user_id: idSchema });
