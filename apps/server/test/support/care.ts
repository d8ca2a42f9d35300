import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { localDayOf, zonedTimeToUtc, dayNumber, dayOfNumber } from '@pet/contract';
import { v1 } from '../identity-helpers.ts';
import { as } from './owners.ts';

/** Care plan fixtures (issue 36): a medication record and its schedule through the API. */
export async function addMedication(
  app: FastifyInstance,
  user: { token: string },
  petId: string,
  name = 'Apoquel',
) {
  const res = await v1(app, 'POST', `/v1/medical/medication?pet_id=${petId}`, { name }, as(user));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

export async function putSchedule(
  app: FastifyInstance,
  user: { token: string },
  medId: string,
  body: Record<string, unknown>,
) {
  const res = await v1(app, 'PUT', `/v1/care/schedule?med_id=${medId}`, body, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Moves business time forward to the next `hhmm` wall time in `zone` (at least a minute ahead). */
export function advanceToNext(app: FastifyInstance, hhmm: string, zone = 'Europe/Berlin'): string {
  const now = app.clock.now().getTime();
  const today = dayNumber(localDayOf(now, zone));
  let target = zonedTimeToUtc(today, hhmm, zone);
  if (target <= now + 60_000) target = zonedTimeToUtc(today + 1, hhmm, zone);
  app.clock.advance(target - now);
  return dayOfNumber(dayNumber(localDayOf(target, zone)));
}

/** Moves business time and runs what is due then (as POST /dev/clock/advance does). */
export async function advanceMinutes(app: FastifyInstance, minutes: number): Promise<void> {
  app.clock.advance(minutes * 60_000);
  for (let round = 0; round < 20 && (await app.jobs.runDue()) > 0; round += 1);
}
