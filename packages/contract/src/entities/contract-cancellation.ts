import { z } from 'zod';
import { emailSchema } from './auth.ts';

/**
 * The public cancellation of § 312k BGB ("Verträge hier kündigen"): open to everyone, no
 * sign-in. Not in the spec's call table; the path is ours (documented in the OpenAPI document).
 */
export const CONTRACT_CANCELLATION_API_PATH = '/v1/contract/cancellation';

/** A withdrawal (Widerruf, 14 days) can be declared on the same public form. */
export const CONTRACT_CANCELLATION_KINDS = ['ordinary', 'extraordinary', 'withdrawal'] as const;
export type ContractCancellationKind = (typeof CONTRACT_CANCELLATION_KINDS)[number];

/** Error keys of the form (both locale files carry them under the spec's key style). */
export const CONTRACT_CANCELLATION_KEYS = {
  contractRequired: 'Contract_Cancellation_Contract_Error',
  reasonRequired: 'Contract_Cancellation_Reason_Error',
  dateInvalid: 'Contract_Cancellation_Date_Error',
} as const;

const shortText = (key: string, max: number) => z.string(key).trim().min(1, key).max(max, key);

export const contractCancellationBodySchema = z
  .object({
    name: shortText('Name_Error', 100),
    email: emailSchema,
    /** The contract as the customer names it (the plan); a free text, they may not know its name. */
    contract: shortText(CONTRACT_CANCELLATION_KEYS.contractRequired, 100),
    kind: z.enum(CONTRACT_CANCELLATION_KINDS),
    /** YYYY-MM-DD; null or absent: as early as possible. */
    wanted_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, CONTRACT_CANCELLATION_KEYS.dateInvalid)
      .nullish(),
    /** Required for an extraordinary cancellation (§ 312k Abs. 2 Nr. 1 BGB: its reason). */
    reason: z.string().trim().max(2000).nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'extraordinary' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CONTRACT_CANCELLATION_KEYS.reasonRequired });
    }
  });
export type ContractCancellationBody = z.infer<typeof contractCancellationBodySchema>;

/**
 * The same answer whether an account matches or not (no account enumeration): when the
 * declaration was received; the effective end date goes by mail to the account's address.
 */
export const contractCancellationResponseSchema = z.object({
  /** ISO timestamp of receipt. */
  received_at: z.string(),
});
export type ContractCancellationResponse = z.infer<typeof contractCancellationResponseSchema>;

/** The 14-day withdrawal right (Widerrufsrecht, § 355 BGB) from the purchase of a plan. */
export const WITHDRAWAL_DAYS = 14;

/** GET: whether the plan can be withdrawn from; POST: withdraw (signed in). Added, not in the spec. */
export const WITHDRAWAL_API_PATH = '/v1/subscription/withdrawal';

export const WITHDRAWAL_NOT_POSSIBLE_KEY = 'Withdrawal_Not_Possible_Text';

export const withdrawalStatusSchema = z.object({
  withdrawable: z.boolean(),
  /** Epoch seconds: the last moment a withdrawal is accepted; null when there is nothing to withdraw. */
  deadline: z.number().nullable(),
  /** Euro refunded if withdrawn now (the unused share when the buyer asked to start at once). */
  refund: z.number().nullable(),
});
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalResponseSchema = z.object({
  /** Euro refunded through the payment provider. */
  refund: z.number(),
  /** The correction invoice of the refund. */
  credit_note_number: z.string(),
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;
