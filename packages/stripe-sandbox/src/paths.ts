/** Where the sandbox is mounted; its API is under SANDBOX_PATH/v1 with Stripe's own paths. */
export const SANDBOX_PATH = '/sandbox/stripe';
