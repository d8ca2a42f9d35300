import { z } from 'zod';
import { emailSchema, sendVerificationEmailBodySchema } from '@pet/contract';

/**
 * Schemas of /v1/auth calls the contract does not (yet) have. Reported to the lead; they move to
 * packages/contract when it takes them.
 */

/** POST /v1/auth/signup answer (201). */
export const signupResponseSchema = z.object({
  message: z.string(),
  user_id: z.string(),
  email: z.string(),
});

/**
 * POST /v1/auth/verification/sendemail. The spec's fields, plus `email`: a user whose address is
 * not verified cannot hold a session, so the address to re-send to comes in the body (a session's
 * own address wins when there is one).
 */
export const sendVerificationBodySchema = sendVerificationEmailBodySchema.extend({
  email: emailSchema.optional(),
});

/** POST /v1/auth/customtoken answer: a one-time sign-in token. */
export const customTokenResponseSchema = z.object({
  token: z.string(),
  /** Seconds the token stays valid. */
  expires_in: z.number().int(),
});

/** POST /v1/auth/mobiletoken answer. */
export const mobileTokenResponseSchema = z.object({ token: z.string() });
/** POST /v1/auth/mobiletoken/check. */
export const mobileTokenCheckBodySchema = z.object({ token: z.string().min(1) });
export const mobileTokenCheckResponseSchema = z.object({ valid: z.boolean() });
