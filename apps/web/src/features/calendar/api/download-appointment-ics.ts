import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /v1/appointment/ics?appt_id=: saves one appointment as a calendar file. */
export async function downloadAppointmentIcs(apptId: string, fileName: string): Promise<void> {
  saveFile(await api.blob('/v1/appointment/ics', { query: { appt_id: apptId } }), fileName);
}
