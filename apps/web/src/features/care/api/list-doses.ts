import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CARE_PATHS, doseLogEntrySchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** GET /v1/care/doses?med_id=: the dose log of a medication, newest first (first page). */
export const fetchDoses = (medId: string, signal?: AbortSignal) =>
  api.get(CARE_PATHS.doses, z.array(doseLogEntrySchema), { query: { med_id: medId }, signal });

export const dosesQueryOptions = (medId: string) =>
  queryOptions({ queryKey: careKeys.doses(medId), queryFn: ({ signal }) => fetchDoses(medId, signal) });

export function useDoses(medId: string, enabled = true) {
  return useQuery({ ...dosesQueryOptions(medId), enabled });
}
