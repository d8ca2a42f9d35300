import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';

/**
 * A plan refusal of the server (Appointment_Limit_Reached_Message, No_Pet_Text, ...) with its action:
 * the subscription page, or the add-pet page for No_Pet_Text. The tier-fritz brand's appointment
 * limit message has no subscription link (brand limits.appointmentLimitLink).
 */
export function LimitAlert({ message, action }: { message: string; action: 'subscription' | 'addPet' }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const showLink = action === 'addPet' || brand.limits.appointmentLimitLink;
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
      <Box>{message}</Box>
      {showLink ? (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          component={RouterLink}
          to={action === 'addPet' ? '/dashboard/new-pet' : '/my-account/subscription'}
          sx={{ mt: 1.25 }}
        >
          {action === 'addPet' ? t('appointments.addPet') : t('appointments.paidService.activate')}
        </Button>
      ) : null}
    </Alert>
  );
}
