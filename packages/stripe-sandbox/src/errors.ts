/**
 * Stripe's error answers: `{ error: { type, code, decline_code, message, param, payment_intent } }`
 * with 402 for card errors, 400 for invalid requests, 401 for a bad key, 404 for a missing object.
 * The SDK turns them into its own error classes (StripeCardError, StripeInvalidRequestError, ...).
 */
export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  setup_intent?: unknown;
}

export class SandboxApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'SandboxApiError';
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(
  message: string,
  details: { code?: string; param?: string } = {},
): SandboxApiError {
  return new SandboxApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(details.code ? { code: details.code, doc_url: docUrl(details.code) } : {}),
    ...(details.param ? { param: details.param } : {}),
  });
}

export function parameterMissing(param: string): SandboxApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function resourceMissing(object: string, id: string, param = 'id'): SandboxApiError {
  return new SandboxApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${object}: '${id}'`,
    param,
  });
}

export function unauthorized(message: string): SandboxApiError {
  return new SandboxApiError(401, { type: 'invalid_request_error', message });
}

/** A decline or a card data problem, as Stripe answers it (402). */
export interface CardProblem {
  code: string;
  declineCode?: string;
  message: string;
  param?: string;
}

export function cardError(
  problem: CardProblem,
  related: { paymentIntent?: unknown; paymentMethod?: unknown; setupIntent?: unknown } = {},
): SandboxApiError {
  return new SandboxApiError(402, {
    type: 'card_error',
    code: problem.code,
    doc_url: docUrl(problem.code),
    message: problem.message,
    ...(problem.declineCode ? { decline_code: problem.declineCode } : {}),
    ...(problem.param ? { param: problem.param } : {}),
    ...(related.paymentIntent ? { payment_intent: related.paymentIntent } : {}),
    ...(related.paymentMethod ? { payment_method: related.paymentMethod } : {}),
    ...(related.setupIntent ? { setup_intent: related.setupIntent } : {}),
  });
}
