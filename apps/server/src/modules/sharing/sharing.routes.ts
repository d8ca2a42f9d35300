import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityPageSchema,
  activityQuerySchema,
  apiErrorBodySchema,
  invitationAcceptResponseSchema,
  invitationBodySchema,
  invitationIdQuerySchema,
  invitationPreviewSchema,
  invitationTokenBodySchema,
  invitationTokenQuerySchema,
  messageResponseSchema,
  SHARE_PATHS,
  shareIdQuerySchema,
  shareListResponseSchema,
  sharePetQuerySchema,
  shareSchema,
  shareUpdateBodySchema,
} from '@pet/contract';
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { SharingService } from './sharing.service.ts';

const errors = {
  ...ownerScopedErrors(
    'Invalid field: the key names it (Share_Window_Error, Share_Self_Error, ...)',
    'No such pet, share or invitation of the signed-in owner (a stranger, an ended share alike)',
  ),
  403: apiErrorBodySchema.describe('The role does not allow it (Share_Role_Forbidden_Text)'),
};
/** The owner's calls: the pet data's access level (guards, product gate). */
const ownerRoute = moduleRoutes('sharing', errors, 'petData');
/** Calls of any signed-in user (the member's, the activity log, accepting). */
const userRoute = moduleRoutes('sharing', errors, 'user');
const publicRoute = moduleRoutes('sharing', { 404: errors[404] }, 'public');
const gone = apiErrorBodySchema.describe(
  'Unknown, expired, revoked or used link (Share_Invitation_Gone_Text)',
);
const ended = { message: 'Share ended' };

/** Sharing a pet (issue 35): invitations, shares, the activity log. */
export const sharingRoutes: FastifyPluginAsyncZod<{ service: SharingService }> = async (app, { service }) => {
  app.post(
    SHARE_PATHS.invitation,
    ownerRoute(
      {
        summary: 'Invite someone by e-mail to one or more pets with a role and an optional window',
        description:
          'Only the owner of every pet. Needs a paid plan (500 Share_Not_Allowed_Text) and room on every pet ' +
          '(500 Share_Member_Limit_Reached_Message: MEMBERS_PER_PET_PAID counting invited, scheduled and active ' +
          'shares, checked in the insert transaction). 400 Share_Window_Error, Share_Self_Error; 409 ' +
          'Share_Already_Member_Error. Mails the link (valid INVITATION_VALID_DAYS) in the chosen language.',
        body: invitationBodySchema,
      },
      {
        201: shareListResponseSchema,
        409: apiErrorBodySchema.describe('Already invited or a member (Share_Already_Member_Error)'),
        500: apiErrorBodySchema.describe(
          'Plan limit: Share_Not_Allowed_Text, Share_Member_Limit_Reached_Message',
        ),
      },
    ),
    async (request, reply) =>
      reply.code(201).send(await service.create(signedInUser(request).id, request.body)),
  );

  app.get(
    SHARE_PATHS.invitations,
    ownerRoute(
      { summary: "Every share of all the owner's pets, newest first" },
      { 200: shareListResponseSchema },
    ),
    async (request) => service.listAll(signedInUser(request).id),
  );

  app.get(
    SHARE_PATHS.list,
    ownerRoute(
      { summary: "The pet's shares (owner only)", querystring: sharePetQuerySchema },
      { 200: shareListResponseSchema },
    ),
    async (request) => service.listOfPet(signedInUser(request).id, request.query.pet_id),
  );

  app.post(
    SHARE_PATHS.invitationResend,
    ownerRoute(
      {
        summary: 'Send the invitation again: a new link, valid INVITATION_VALID_DAYS from now',
        querystring: invitationIdQuerySchema,
      },
      {
        200: shareListResponseSchema,
        409: apiErrorBodySchema.describe('Accepted or revoked (Share_Invitation_Gone_Text)'),
        500: apiErrorBodySchema.describe(
          'Plan limit: Share_Not_Allowed_Text, Share_Member_Limit_Reached_Message',
        ),
      },
    ),
    async (request) => service.resend(signedInUser(request).id, request.query.invitation_id),
  );

  app.delete(
    SHARE_PATHS.invitation,
    ownerRoute(
      { summary: 'Revoke a pending invitation', querystring: invitationIdQuerySchema },
      {
        200: messageResponseSchema,
        409: apiErrorBodySchema.describe('Accepted or revoked (Share_Invitation_Gone_Text)'),
      },
    ),
    async (request) => {
      await service.revokeInvitation(signedInUser(request).id, request.query.invitation_id);
      return { message: 'Invitation revoked' };
    },
  );

  app.get(
    SHARE_PATHS.invitationPreview,
    publicRoute(
      {
        summary: "What an invitation link's holder may see before accepting (rate-limited per address)",
        querystring: invitationTokenQuerySchema,
      },
      { 200: invitationPreviewSchema, 404: gone },
    ),
    async (request) => service.preview(request.query.token, request.ip),
  );

  app.post(
    SHARE_PATHS.invitationAccept,
    userRoute(
      {
        summary: "Accept an invitation with the signed-in account (the invited address's)",
        description:
          '403 Share_Invitation_Other_Email_Text for another account; 404 Share_Invitation_Gone_Text for a dead ' +
          'link. Accepting again answers the same.',
        body: invitationTokenBodySchema,
      },
      { 200: invitationAcceptResponseSchema, 404: gone },
    ),
    async (request) => service.accept(signedInUser(request), request.body.token),
  );

  app.put(
    SHARE_PATHS.share,
    ownerRoute(
      {
        summary: 'Change the role, window or reminders of a share (owner)',
        querystring: shareIdQuerySchema,
        body: shareUpdateBodySchema,
      },
      { 200: shareSchema },
    ),
    async (request) => service.update(signedInUser(request).id, request.query.share_id, request.body),
  );

  app.delete(
    SHARE_PATHS.share,
    ownerRoute(
      { summary: 'End a share at once (owner); both are mailed', querystring: shareIdQuerySchema },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.revoke(signedInUser(request).id, request.query.share_id);
      return ended;
    },
  );

  app.post(
    SHARE_PATHS.leave,
    userRoute(
      { summary: 'Leave a share (the member); both are mailed', querystring: shareIdQuerySchema },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.leave(signedInUser(request).id, request.query.share_id);
      return ended;
    },
  );

  app.get(
    SHARE_PATHS.activity,
    userRoute(
      {
        summary: "The pet's activity log (owner and co-owners), newest first, 50 a page",
        querystring: activityQuerySchema,
      },
      { 200: activityPageSchema },
    ),
    async (request) => service.activity(signedInUser(request).id, request.query.pet_id, request.query.before),
  );
};
