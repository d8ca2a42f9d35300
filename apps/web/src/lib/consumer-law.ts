/** The public page of § 312k BGB ("Verträge hier kündigen"), open to everyone without signing in. */
export const CONTRACT_CANCELLATION_PATH = '/contract-cancellation';
