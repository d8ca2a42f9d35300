import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { paidExtrasAllowed } from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { downloadAppointmentIcs } from '../api/download-appointment-ics';

/**
 * "Add to calendar": the appointment as an .ics file the phone or computer opens in its calendar.
 * Shown on the paid plans only (the same rule as the server's, paidExtrasAllowed).
 */
export function AddToCalendarButton({
  appointment,
}: {
  appointment: { id: string; petName: string; date: string };
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!paidExtrasAllowed(user.product)) return null;

  const download = async () => {
    setBusy(true);
    try {
      const safeName = appointment.petName.replace(/[^\p{L}\p{N}]+/gu, '-') || 'pet';
      await downloadAppointmentIcs(appointment.id, `${safeName}-${appointment.date}.ics`);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      variant="text"
      onClick={() => void download()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <EventOutlinedIcon />}
    >
      {t('calendar.addToCalendar')}
    </Button>
  );
}
