import type { FastifyInstance } from 'fastify';
import type { GenerateInput } from '../../src/modules/plans/codes.service.ts';
import { productByKey } from '../../src/modules/plans/plans.repo.ts';

export type TestCodeInput = Partial<GenerateInput> & {
  /** The brand (partner id) of the codes; primepet unless told. */
  brand?: string;
  /** The plan key the codes activate, null for none; the brand's usual test plan unless told. */
  plan?: string | null;
};

/**
 * Generates activation codes through the codes service, as the operator command does: single codes
 * without limits, dates or trackers unless `input` says otherwise. Answers the codes in clear.
 */
export async function generateCodes(app: FastifyInstance, input: TestCodeInput = {}): Promise<string[]> {
  const partnerId = input.brand ?? 'primepet';
  const planKey =
    input.plan === undefined ? (partnerId === 'gpstracker' ? 'basis12' : 'premium') : input.plan;
  const product = planKey ? await productByKey(app.db, partnerId, planKey) : null;
  const { codes } = await app.codes.generate(app.db, {
    partnerId,
    kind: 'single',
    productId: product?.id ?? null,
    count: 1,
    durationMonths: null,
    trackerIds: [],
    maxRedemptions: null,
    expiresAt: null,
    isGift: false,
    isPromo: false,
    trialMonths: null,
    note: 'test',
    ...input,
  });
  return codes.map((c) => c.code);
}
