import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';

/**
 * No appointments yet: the big plus button to the add page (only when the plan allows adding) and
 * the empty-state text.
 */
export function AppointmentsEmptyState({ addTo, addLabel }: { addTo?: string; addLabel: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
      {addTo ? (
        <Fab
          color="primary"
          component={RouterLink}
          to={addTo}
          aria-label={addLabel}
          sx={{ width: 112, height: 112, '& svg': { fontSize: 56 } }}
        >
          <AddIcon />
        </Fab>
      ) : (
        <EventAvailableOutlinedIcon aria-hidden sx={{ fontSize: 64, color: 'text.disabled' }} />
      )}
      <Typography variant="h6" component="p" sx={{ maxWidth: 480 }}>
        {t('appointments.empty')}
      </Typography>
      {addTo ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 480 }}>
          {t('appointments.emptyHint')}
        </Typography>
      ) : null}
    </Stack>
  );
}
