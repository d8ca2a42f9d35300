import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import IosShareIcon from '@mui/icons-material/IosShare';
import { useTranslation } from '@/lib/i18n-react';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard } from '@/components/LinkCard';
import { petPath, type PetRef } from '@/lib/paths';

/** Under the pet dashboard's tiles: the way to the pet's exports (record PDF, vet handover). */
export function ExportsLink({ pet }: { pet: PetRef }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: { xs: 2, md: 3 } }}>
      <LinkCard to={petPath(pet, 'exports')} sx={{ p: { xs: 2, sm: 2.5 } }} data-tile="exports">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <IconBubble>
            <IosShareIcon />
          </IconBubble>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
              {t('route.petExports')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('exports.subtitle')}
            </Typography>
          </Box>
        </Stack>
      </LinkCard>
    </Box>
  );
}
