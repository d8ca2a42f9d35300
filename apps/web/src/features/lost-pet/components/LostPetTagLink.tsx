import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useTranslation } from '@/lib/i18n-react';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard } from '@/components/LinkCard';
import { petPath, type PetRef } from '@/lib/paths';

/** Under the pet dashboard's tiles: the way to the pet's lost-pet tag (beyond the spec's eight tiles). */
export function LostPetTagLink({ pet }: { pet: PetRef }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: { xs: 2, md: 3 } }}>
      <LinkCard to={petPath(pet, 'lost-pet-tag')} sx={{ p: { xs: 2, sm: 2.5 } }} data-tile="lost-pet-tag">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <IconBubble>
            <QrCode2Icon />
          </IconBubble>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
              {t('route.lostPetTag')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('lostPet.subtitle')}
            </Typography>
          </Box>
        </Stack>
      </LinkCard>
    </Box>
  );
}
