import { z } from 'zod';
import { brandConfigSchema } from './brands.ts';

/**
 * The identity-service id header of the spec: the web app sends it on every /v1 call. For cookie
 * sessions the server refuses state-changing calls without it, which makes it the CSRF guard
 * (a cross-site form cannot set a custom header).
 */
export const IDENTITY_HEADER = 'x-identity-id';

/**
 * Sent with a fresh value on each create (the web's api client: one per submit). The server
 * answers a repeat of the same key by the same user within a minute with the first answer instead
 * of a second record (apps/server/src/http/idempotent-create.ts).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * `/signin?finish=1`: where a browser comes back with a fresh session cookie (magic link, Google). The sign-in screen then runs the after-sign-in rules of account-area
 * section 4 (continueUrl, product check, the dog brand's activation step) in one place.
 */
export const SIGN_IN_FINISH_PARAM = 'finish';
export const SIGN_IN_FINISH_PATH = `/signin?${SIGN_IN_FINISH_PARAM}=1`;
/**
 * `/signin?verified=1`: where the verification link lands. The link verifies the address only; it
 * never signs in whatever browser opens it (mail scanners, shared devices), so the sign-in screen
 * says the address is verified and asks for the password.
 */
export const SIGN_IN_VERIFIED_PARAM = 'verified';
export const SIGN_IN_VERIFIED_PATH = `/signin?${SIGN_IN_VERIFIED_PARAM}=1`;
/** The app id header used instead by the invoice and public emergency calls. */
export const APP_ID_HEADER = 'x-app-id';
/** Mobile embedding: the query names that carry the mobile token (account-area section 2, Bills). */
export const MOBILE_TOKEN_QUERY = ['tokenI', 'tokenA'] as const;

/** GET /v1/config: what the SPA needs to know about the deployment and the request's brand. */
export const publicConfigSchema = z.object({
  brand: brandConfigSchema,
  identity: z.object({
    /** Google sign-in button shows only when the OpenID provider is configured. */
    google: z.boolean(),
    magicLink: z.boolean(),
  }),
  payments: z.object({
    provider: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable(),
    /** Days between a SEPA debit's pre-notification and its collection (the mandate text names them). */
    sepaPrenotificationDays: z.number().int().min(2),
  }),
  publicUrl: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
