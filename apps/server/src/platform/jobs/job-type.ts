import type { z } from 'zod';

/**
 * A kind of durable job: its name (the `job.type` column) and the schema of its payload. The queue
 * checks the payload when the job is scheduled and parses it again when the job runs, so a handler
 * gets a typed payload instead of casting the stored JSON.
 */
export interface JobType<Payload> {
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
}

/** Declares a job kind next to the code that schedules it (e.g. `pets.service.ts`). */
export function defineJob<Payload>(name: string, payload: z.ZodType<Payload>): JobType<Payload> {
  return { name, payload };
}
