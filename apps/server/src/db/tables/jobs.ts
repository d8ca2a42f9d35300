import type { IsoTimestamp } from '../schema.ts';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: string;
  type: string;
  /** JSON text. */
  payload: string;
  status: JobStatus;
  run_at: IsoTimestamp;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  /** The runner holding the job and until when: an expired lease means its runner died. */
  locked_by: string | null;
  locked_until: IsoTimestamp | null;
  /** Scheduling the same dedupe key twice keeps one job (idempotent scheduling). */
  dedupe_key: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface JobTables {
  job: JobTable;
}
