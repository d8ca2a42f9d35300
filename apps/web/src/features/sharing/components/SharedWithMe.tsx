import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PetsIcon from '@mui/icons-material/Pets';
import type { SharedPet } from '@pet/contract';
import { LinkCard } from '@/components/LinkCard';
import { useTranslation } from '@/lib/i18n-react';
import { petPath } from '@/lib/paths';
import { RoleBadge } from './RoleBadge';

/** The dashboard's "Shared with me": pets other owners share with the user, with owner and role. */
export function SharedWithMe({ pets }: { pets: readonly SharedPet[] }) {
  const { t } = useTranslation();
  if (pets.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="shared-with-me-heading" sx={{ mt: { xs: 3, md: 4 } }}>
      <Typography id="shared-with-me-heading" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('sharing.member.sharedWithMe')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {pets.map((pet) => (
          <li key={pet.share_id}>
            <LinkCard to={petPath(pet)} sx={{ p: 2 }} data-shared-pet={pet.id}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Avatar
                  src={pet.image_url ?? undefined}
                  alt=""
                  sx={{ width: 44, height: 44, bgcolor: 'primary.main', color: 'primary.contrastText' }}
                >
                  <PetsIcon />
                </Avatar>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {pet.name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {t('sharing.member.ofOwner', { owner: pet.owner_name })}
                  </Typography>
                </Box>
                <RoleBadge role={pet.role} />
              </Stack>
            </LinkCard>
          </li>
        ))}
      </Box>
    </Box>
  );
}
