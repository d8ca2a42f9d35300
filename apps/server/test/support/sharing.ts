import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { shareListResponseSchema, type Share } from '@pet/contract';
import { linkWithPath, mailbox, v1, type OutboxMail } from '../identity-helpers.ts';
import { as } from './owners.ts';

/** What the sharing tests share: inviting, reading the invitation link, moving the clock. */

export function invite(app: FastifyInstance, owner: { token: string }, body: Record<string, unknown>) {
  return v1(app, 'POST', '/v1/share/invitation', { role: 'carer', language: 'en', ...body }, as(owner));
}

export async function invited(
  app: FastifyInstance,
  owner: { token: string },
  body: Record<string, unknown>,
): Promise<Share[]> {
  const res = await invite(app, owner, body);
  expect(res.statusCode, res.body).toBe(201);
  return shareListResponseSchema.parse(res.json());
}

/** Runs the due jobs (the test app's loop is off) and answers the mails to `to` of `kind`. */
export async function mailsTo(app: FastifyInstance, to: string, kind?: string): Promise<OutboxMail[]> {
  await app.jobs.runDue();
  return (await mailbox(app)).filter((m) => m.to === to && (!kind || m.kind === kind));
}

/** The token of the newest invitation mail to `email` (the outbox answers newest first). */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const mail = (await mailsTo(app, email, 'share-invitation'))[0];
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  return linkWithPath(mail, '/share/accept').searchParams.get('token')!;
}

/** Moves business time and runs what is due then (as POST /dev/clock/advance does). */
export async function advance(app: FastifyInstance, hours: number): Promise<void> {
  app.clock.advance(hours * 3600 * 1000);
  for (let round = 0; round < 20 && (await app.jobs.runDue()) > 0; round += 1);
}

export async function sharesOf(app: FastifyInstance, owner: { token: string }, petId: string) {
  const res = await v1(app, 'GET', `/v1/share/list?pet_id=${petId}`, undefined, as(owner));
  expect(res.statusCode, res.body).toBe(200);
  return shareListResponseSchema.parse(res.json());
}
