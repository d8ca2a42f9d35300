import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EmergencyOutlinedIcon from '@mui/icons-material/EmergencyOutlined';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';

/**
 * An empty medical list (pet-data section 2): the big plus button to the add page, the empty text
 * (the brand's own wording via Medical_Empty_Text, e.g. for the dog-only brand) and the emergency
 * text.
 */
export function MedicalEmptyState({ addTo, addLabel }: { addTo: string; addLabel: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
      <Fab
        color="primary"
        component={RouterLink}
        to={addTo}
        aria-label={addLabel}
        sx={{ width: 112, height: 112, '& svg': { fontSize: 56 } }}
      >
        <AddIcon />
      </Fab>
      <Typography variant="h6" component="p" sx={{ maxWidth: 480 }}>
        {t('Medical_Empty_Text')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'flex-start',
          maxWidth: 520,
          color: 'text.secondary',
          textAlign: 'left',
        }}
      >
        <EmergencyOutlinedIcon fontSize="small" sx={{ mt: '2px', color: 'primary.main' }} aria-hidden />
        <Typography variant="body2">{t('medical.emergencyText')}</Typography>
      </Box>
    </Stack>
  );
}
