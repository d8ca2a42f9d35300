import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationResponseSchema,
  apiErrorBodySchema,
  codeCheckBodySchema,
  codeCheckResponseSchema,
  messageResponseSchema,
  modifyBodySchema,
  passwordResetBodySchema,
  signupBodySchema,
  userInfoSchema,
  verifyCodeBodySchema,
} from '@pet/contract';
import { TooManyRequestsError } from '../../platform/rate-limit.ts';
import { requestHeaders, signedInUser } from '../../platform/auth/plugin.ts';
import type { IdentityService, RequestContext } from './identity.service.ts';
import { MESSAGES } from './identity.service.ts';
import {
  customTokenResponseSchema,
  mobileTokenCheckBodySchema,
  mobileTokenCheckResponseSchema,
  mobileTokenResponseSchema,
  sendVerificationBodySchema,
  signupResponseSchema,
} from './identity.schemas.ts';
import { cachedRead } from '../../http/read-cache.ts';

export interface IdentityRoutesOptions {
  service: IdentityService;
}

const error = (description: string) => apiErrorBodySchema.describe(description);
const signedInErrors = {
  401: error(
    'No session (Session_Expired_Text), banned (Account_Disabled, "Your access was revoked by admin") or e-mail not verified (Email_Verify_Failed)',
  ),
  403: error('Cookie session without the x-identity-id header (CSRF guard)'),
  438: error('The account belongs to another brand (User_Does_Not_Exist_On_This_Platform)'),
};
const tooMany = { 429: error('Rate limit reached (Too_Many_Requests_Text); Retry-After says when to retry') };

function context(request: FastifyRequest): RequestContext {
  return { brand: request.brand, headers: requestHeaders(request), ip: request.ip };
}

/** The /v1/auth calls of account-area section 7 (plus the code check and token helpers). */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { service }) => {
  app.addHook('onError', async (_request, reply, err) => {
    if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfter));
  });

  app.post(
    '/v1/auth/signup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Register: account, brand, default plan and the activation code in one transaction',
        description:
          'Creates the account on the brand of the request host and sends the verification mail (the user counts as ' +
          'signed in only after verifying). With `activation_code`, the code is checked and redeemed in the same ' +
          'transaction as the account: of parallel registrations with one single code exactly one succeeds. Every ' +
          "account starts on the brand's default plan; a code attaches its product. Errors: 400 (field keys; " +
          'Invalid_Code for an unknown code, GPS_Tracker_Id when the tracker brand needs a tracker id), 403 ' +
          'PrimePet_Merging_Services (the e-mail has an account on another brand), 409 User_Already_Exists (same ' +
          'brand) or GPS_Tracker_Already_Exist (tracker registered to another user), and the code statuses of ' +
          'POST /v1/auth/verifycode (433, 470, 471, 473, 478). Rate limited per IP and per e-mail.',
        body: signupBodySchema,
        response: {
          201: signupResponseSchema,
          400: error('Invalid field (the key names it)'),
          403: error('PrimePet_Merging_Services'),
          409: error('User_Already_Exists or GPS_Tracker_Already_Exist'),
          // A code given with the registration is checked as POST /v1/auth/verifycode checks it.
          433: error('Code_Already_Redeemed: the code is used up'),
          470: error('Wrong_Code_Text: the code belongs to another brand or tracker'),
          471: error('Product_Not_Attached_Text: the code attaches no product'),
          473: error("Subscription_Expired: the code's validity has ended"),
          478: error('Batch_Code_Does_Not_Exist_Text'),
          ...tooMany,
        },
      },
    },
    async (request, reply) => {
      const result = await service.signup(request.body, context(request));
      return reply.code(201).send({ message: MESSAGES.signedUp, ...result });
    },
  );

  app.get(
    '/v1/auth/myinfo',
    {
      config: { access: 'user', accessAfterValidation: true, ...cachedRead },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user: profile, settings, plan, code state, trackers, address and pets',
        security: [{ cookie: [] }, { bearer: [] }],
        response: { 200: userInfoSchema, ...signedInErrors },
      },
    },
    async (request) => service.userInfo(signedInUser(request)),
  );

  app.post(
    '/v1/auth/verifyemail',
    {
      config: { access: 'user', accessAfterValidation: true },
      schema: {
        tags: ['auth'],
        summary: 'After sign-in: confirm the e-mail is verified and complete the account',
        description:
          'Marks nothing by itself: an address is verified through the link of the verification mail, and a user ' +
          'whose address is not verified cannot hold a session (401 Email_Verify_Failed). For a verified user it ' +
          'makes sure the account has its profile and plan (accounts created through Google or a magic link) and ' +
          'answers {message: "EMAIL IS VERIFIED"}.',
        security: [{ cookie: [] }, { bearer: [] }],
        response: { 200: messageResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.verifyEmailCall(signedInUser(request)),
  );

  app.post(
    '/v1/auth/verification/sendemail',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Re-send the verification mail',
        description:
          "Sends the verification mail to the session's address, or to `email` (no session: an unverified user " +
          'cannot sign in). The answer is the same whether or not the address exists, is verified already or ' +
          'belongs to another brand. `url` (same origin) is where the verified user lands; the mobile deep-link ' +
          'fields are accepted for compatibility and not used. Rate limited per IP and per address.',
        body: sendVerificationBodySchema,
        response: { 200: messageResponseSchema, 400: error('No address'), ...tooMany },
      },
    },
    async (request) =>
      service.sendVerification(
        { email: request.body.email ?? null, url: request.body.url },
        context(request),
        request.user,
      ),
  );

  app.post(
    '/v1/auth/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Send the password reset mail',
        description:
          'Sends a reset link `${PUBLIC_URL}/reset-password?token=...` (single use, valid 30 minutes) to the ' +
          'account of this brand. The answer is the same for known and unknown addresses. Setting the new ' +
          'password (POST /identity/reset-password {token, newPassword}) ends every session of the user. ' +
          '`handle_code_in_app` and `url` are accepted for compatibility. Rate limited per IP and per address.',
        body: passwordResetBodySchema,
        response: { 200: messageResponseSchema, ...tooMany },
      },
    },
    async (request) => service.requestPasswordReset(request.body.email, context(request)),
  );

  app.post(
    '/v1/auth/modify',
    {
      config: { access: 'user', accessAfterValidation: true },
      schema: {
        tags: ['auth'],
        summary: 'Change name, language or stay_loggedin',
        description:
          'stay_loggedin sets the session lifetime: on, sessions last 30 days from sign-in; off, sessions last ' +
          '1 day (the browser cookie ends with the browser session). Changing it adjusts the current sessions ' +
          "and, for a cookie session, re-issues the caller's cookie at once (Set-Cookie: persistent with " +
          'Max-Age when on, a browser-session cookie without Max-Age/Expires when off). Answers the updated user info.',
        security: [{ cookie: [] }, { bearer: [] }],
        body: modifyBodySchema,
        response: { 200: userInfoSchema, 400: error('Invalid field'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const info = await service.modify(user, request.body);
      if (request.body.stay_loggedin !== undefined && request.authVia === 'cookie') {
        reply.header('set-cookie', await service.reissuedSessionCookie(user, request.body.stay_loggedin));
      }
      return info;
    },
  );

  app.post(
    '/v1/auth/checkcode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Code check of registration and activation (no sign-in needed)',
        description:
          'Answers {isvalid, message, product}. Messages: "CODE IS VALID" (with the product), "CODE IS INVALID" ' +
          '(unknown, another brand\'s, or no product attached), "CODE HAS ALREADY BEEN REDEEMED", "CODE HAS ' +
          'EXPIRED", "A TRACKER ID IS REQUIRED FOR THIS CODE" (code bound to a tracker, or the tracker brand, and ' +
          'no tracker_id), "CODE IS NOT VALID FOR THIS TRACKER ID" (bound to another tracker). 409 ' +
          'GPS_Tracker_Already_Exist when tracker_id is registered to another user; 400 for a malformed body. ' +
          'Nothing is redeemed. Rate limited per IP and per code (429).',
        body: codeCheckBodySchema,
        response: {
          200: codeCheckResponseSchema,
          400: error('Malformed code or tracker id'),
          409: error('GPS_Tracker_Already_Exist'),
          ...tooMany,
        },
      },
    },
    async (request) =>
      service.checkCode(request.body, context(request), request.user?.emailVerified ? request.user : null),
  );

  app.post(
    '/v1/auth/verifycode',
    {
      config: { access: 'user', accessAfterValidation: true },
      schema: {
        tags: ['auth'],
        summary: 'Activate a product with an activation code (signed in)',
        description: [
          'Checks run in this order; the first that applies answers:',
          '- 204 (no body): no code matches (codes are compared by their hash; spaces, dashes and case do not matter).',
          '- 478 Batch_Code_Does_Not_Exist_Text: the input has the batch-code form (B-XXXX-XXXX-XXXX) and no batch code matches.',
          '- 470 Wrong_Code_Text: the code belongs to another brand.',
          '- 477 Code_Already_Redeemed: this user redeemed this code before.',
          '- 433 Code_Already_Redeemed: the code is used up by others (a single code once redeemed; a batch code at its redemption cap).',
          "- 473 Subscription_Expired: the code's validity has ended.",
          '- 471 Product_Not_Attached_Text: the code attaches no product.',
          '- 400 GPS_Tracker_ID_Required: the code is bound to a tracker, or the brand sells trackers, and neither tracker_ids nor a registered tracker is there.',
          '- 470 Wrong_Code_Text: the code is bound to a tracker id other than the given or registered ones.',
          '- 409 GPS_Tracker_Already_Exist: a given tracker id is registered to another user.',
          '- 200 {message: "PRODUCT ACTIVATED", product}: redeemed; the product is attached (for the code\'s duration), given tracker ids are registered to the user.',
          'Rate limited per user and per IP (429).',
        ].join('\n'),
        security: [{ cookie: [] }, { bearer: [] }],
        body: verifyCodeBodySchema,
        response: {
          200: activationResponseSchema,
          204: z.null().describe('No such code'),
          400: error('Malformed body or tracker id required'),
          409: error('GPS_Tracker_Already_Exist'),
          433: error('Code_Already_Redeemed (used up)'),
          470: error('Wrong_Code_Text'),
          471: error('Product_Not_Attached_Text'),
          473: error('Subscription_Expired'),
          477: error('Code_Already_Redeemed (by this user)'),
          478: error('Batch_Code_Does_Not_Exist_Text'),
          ...signedInErrors,
          ...tooMany,
        },
      },
    },
    async (request, reply) => {
      const result = await service.verifyCode(signedInUser(request), request.body, context(request));
      if (!result) return reply.code(204).send(null);
      return result;
    },
  );

  app.post(
    '/v1/auth/customtoken',
    {
      config: { access: 'user', accessAfterValidation: true },
      schema: {
        tags: ['auth'],
        summary: 'Mint a one-time sign-in token for the web (custom-token sign-in)',
        description:
          'For a signed-in client (typically the mobile app with its bearer token): answers a one-time token ' +
          "(single use, 3 minutes) bound to the caller's session. Open the web at " +
          '`/signin?continueUrl=<url>&token=<token>`; the web exchanges it with POST /identity/one-time-token/verify ' +
          '{token} for the session cookie and goes to continueUrl. Operators mint tokens for any user with ' +
          '`npm run admin -- mint-signin-token --email <address>`.',
        security: [{ cookie: [] }, { bearer: [] }],
        response: { 200: customTokenResponseSchema, ...signedInErrors, ...tooMany },
      },
    },
    async (request) => service.customToken(signedInUser(request)),
  );

  app.post(
    '/v1/auth/mobiletoken',
    {
      config: { access: 'user', accessAfterValidation: true },
      schema: {
        tags: ['auth'],
        summary: 'Issue the mobile embedding token (tokenI / tokenA query)',
        description:
          'The mobile app calls this and opens web pages with ?tokenI=<token> (iOS) or ?tokenA=<token> (Android). ' +
          'Only an HMAC of the token is stored; issuing a new one replaces the old one.',
        security: [{ cookie: [] }, { bearer: [] }],
        response: { 200: mobileTokenResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.issueMobileToken(signedInUser(request)),
  );

  app.post(
    '/v1/auth/mobiletoken/check',
    {
      config: { access: 'user', accessAfterValidation: true },
      schema: {
        tags: ['auth'],
        summary: 'Is this the stored mobile token? (the web signs out when not)',
        security: [{ cookie: [] }, { bearer: [] }],
        body: mobileTokenCheckBodySchema,
        response: { 200: mobileTokenCheckResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.checkMobileToken(signedInUser(request), request.body.token),
  );
};
