import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdjustableClock } from './clock.ts';
import type { JobQueue } from './jobs/jobs.ts';
import { statementCount } from '../db/database.ts';

const local = { access: 'local', localTool: 'The dev clock' } as const;
const clockSchema = z.object({ now: z.string() });
const advanceBodySchema = z
  .object({
    days: z.number().min(0).max(3660).optional(),
    hours: z.number().min(0).max(87_840).optional(),
    seconds: z.number().min(0).max(316_224_000).optional(),
  })
  .refine((body) => body.days !== undefined || body.hours !== undefined || body.seconds !== undefined, {
    message: 'Bad_Request_Text',
  });
const advanceResponseSchema = z.object({ now: z.string(), jobs_run: z.number().int() });

/** Jobs can schedule jobs (a settled debit delivers its webhook): run until nothing is due. */
const MAX_ROUNDS = 20;

/**
 * The dev clock (never registered in production, answered to local clients only): GET /dev/clock answers business time;
 * POST /dev/clock/advance moves it forward and runs every job due by then before answering, so a
 * period end, a SEPA settlement or a reminder is reached in one call.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: AdjustableClock; jobs: JobQueue }> = async (
  app,
  { clock, jobs },
) => {
  app.get(
    '/dev/clock',
    { config: local, schema: { hide: true, response: { 200: clockSchema } } },
    async () => ({
      now: clock.now().toISOString(),
    }),
  );

  // Beside the clock as the other dev tool of the benches: SQL statements run so far (or null
  // when SQL_STATEMENT_COUNT is off).
  app.get(
    '/dev/sql-statements',
    { config: { access: 'local', localTool: 'The statement count' }, schema: { hide: true } },
    async () => ({ count: statementCount.enabled ? statementCount.count : null }),
  );

  app.post(
    '/dev/clock/advance',
    {
      config: local,
      schema: { hide: true, body: advanceBodySchema, response: { 200: advanceResponseSchema } },
    },
    async (request) => {
      const { days = 0, hours = 0, seconds = 0 } = request.body;
      clock.advance(((days * 24 + hours) * 3600 + seconds) * 1000);
      let jobsRun = 0;
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const ran = await jobs.runDue();
        if (ran === 0) break;
        jobsRun += ran;
      }
      return { now: clock.now().toISOString(), jobs_run: jobsRun };
    },
  );
};
