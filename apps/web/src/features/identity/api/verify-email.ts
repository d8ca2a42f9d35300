import { api } from '@/lib/api-client';
import { messageResponseAnswer } from '@/lib/contract-answers';

/** POST /v1/auth/verifyemail: after sign-in, for a verified user without a product. */
export const confirmVerifiedEmail = () => api.post('/v1/auth/verifyemail', {}, messageResponseAnswer);
