import { z } from 'zod';
import { emailSchema } from './auth.ts';

/**
 * The public cancellation of § 312k BGB ("Verträge hier kündigen"): open to everyone, no
 * sign-in. Not in the spec's call table; the path is ours (documented in the OpenAPI document).
 */
export const CONTRACT_CANCELLATION_API_PATH = '/v1/contract/cancellation';

export const CONTRACT_CANCELLATION_KINDS = ['ordinary', 'extraordinary'] as const;
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
