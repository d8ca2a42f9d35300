import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import BiotechOutlinedIcon from '@mui/icons-material/BiotechOutlined';
import CakeOutlinedIcon from '@mui/icons-material/CakeOutlined';
import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmergencyOutlinedIcon from '@mui/icons-material/EmergencyOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';
import PetsOutlinedIcon from '@mui/icons-material/PetsOutlined';
import { useTranslation } from '@/lib/i18n-react';
import type { PetSummary } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard } from '@/components/LinkCard';
import { RouterLink } from '@/components/RouterLink';
import { petPath, type PetRef } from '@/lib/paths';
import { usePet } from '@/features/pets/api/fetch-pet';
import { PetAvatar } from './PetAvatar';

/** Screens narrower than 360 px (small phones). */
const NARROW = '@media (max-width: 359.95px)';

interface PetTile {
  id: string;
  labelKey: string;
  descriptionKey: string;
  Icon: ComponentType<SvgIconProps>;
  to: (pet: PetRef) => string;
}

/** Pet-data section 2: the eight tiles and their exact targets. */
export const PET_TILES: readonly PetTile[] = [
  {
    id: 'my-pet',
    labelKey: 'nav.myPet',
    descriptionKey: 'pets.dashboard.myPetDescription',
    Icon: PetsOutlinedIcon,
    to: (pet) => petPath(pet, 'my-pet'),
  },
  {
    id: 'contacts',
    labelKey: 'nav.contacts',
    descriptionKey: 'pets.dashboard.contactsDescription',
    Icon: ContactsOutlinedIcon,
    to: (pet) => petPath(pet, 'contacts'),
  },
  {
    id: 'medical-data',
    labelKey: 'nav.medicalData',
    descriptionKey: 'pets.dashboard.medicalDescription',
    Icon: MedicalServicesOutlinedIcon,
    to: (pet) => petPath(pet, 'medical-data'),
  },
  {
    id: 'vet-findings',
    labelKey: 'route.vetFindings',
    descriptionKey: 'pets.dashboard.findingsDescription',
    Icon: BiotechOutlinedIcon,
    to: (pet) => petPath(pet, 'vet-findings'),
  },
  {
    id: 'document-safe',
    labelKey: 'nav.documentSafe',
    descriptionKey: 'pets.dashboard.documentsDescription',
    Icon: FolderSharedOutlinedIcon,
    to: (pet) => petPath(pet, 'document-safe'),
  },
  {
    id: 'appointments',
    labelKey: 'route.petAppointments',
    descriptionKey: 'pets.dashboard.appointmentsDescription',
    Icon: EventNoteOutlinedIcon,
    to: (pet) => petPath(pet, 'appointments'),
  },
  {
    id: 'emergency',
    labelKey: 'pets.dashboard.emergency',
    descriptionKey: 'pets.dashboard.emergencyDescription',
    Icon: EmergencyOutlinedIcon,
    to: () => '/emergency-data',
  },
  {
    id: 'profile',
    labelKey: 'nav.profile',
    descriptionKey: 'pets.dashboard.profileDescription',
    Icon: AccountCircleOutlinedIcon,
    to: () => '/my-account/profile',
  },
];

/** A breed can be longer than a phone is wide: its chip wraps the text instead of running out. */
const WRAPPING_CHIP = {
  maxWidth: '100%',
  height: 'auto',
  '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
} as const;

/** Species, breed and birthday under the name; the details come with GET /v1/pet. */
function PetFacts({ pet }: { pet: PetSummary }) {
  const { t } = useTranslation();
  const details = usePet(pet.id);
  if (details.isPending) {
    return <Skeleton width={220} aria-label={t('app.loading')} />;
  }
  const race = details.data?.race;
  const birth = details.data?.date_of_birth;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' }, mt: 1, minWidth: 0 }}
    >
      <Chip size="small" icon={<PetsOutlinedIcon />} label={t(`pets.species.${pet.type}`)} />
      {race ? <Chip size="small" variant="outlined" label={race} sx={WRAPPING_CHIP} /> : null}
      {birth ? (
        <Chip
          size="small"
          variant="outlined"
          icon={<CakeOutlinedIcon />}
          label={t('pets.dashboard.born', { date: birth })}
        />
      ) : null}
    </Stack>
  );
}

export interface PetDashboardProps {
  pet: PetSummary;
  /** Whether the Edit button shows (a member whose role may not change the profile: no). */
  canEdit?: boolean;
  /** Tiles (PET_TILES ids) to leave out: what a member's role may not open, account pages. */
  hiddenTiles?: ReadonlySet<string>;
}

/** /pet-details/{name}/{id}: the pet's picture or default icon and the eight tiles. */
export function PetDashboard({ pet, canEdit = true, hiddenTiles }: PetDashboardProps) {
  const { t } = useTranslation();
  const tiles = hiddenTiles ? PET_TILES.filter((tile) => !hiddenTiles.has(tile.id)) : PET_TILES;
  return (
    <>
      <Card sx={{ mb: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 3 }}
          sx={{ alignItems: { xs: 'center', sm: 'center' }, p: { xs: 2.5, sm: 3 } }}
        >
          <PetAvatar name={pet.name} imageUrl={pet.image_url} size={112} />
          <Box sx={{ flexGrow: 1, minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {pet.name}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
              <PetFacts pet={pet} />
            </Box>
          </Box>
          {canEdit ? (
            <Button
              component={RouterLink}
              to={petPath(pet, 'my-pet')}
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              sx={{ flexShrink: 0 }}
            >
              {t('pets.dashboard.edit')}
            </Button>
          ) : null}
        </Stack>
      </Card>

      <Grid
        container
        spacing={{ xs: 1.5, sm: 2, md: 3 }}
        component="ul"
        aria-label={t('pets.dashboard.tilesLabel', { name: pet.name })}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {tiles.map(({ id, labelKey, descriptionKey, Icon, to }) => (
          <Grid
            key={id}
            size={{ xs: 6, sm: 4, md: 3 }}
            component="li"
            // Below 360 px a half-width tile is too narrow for "Dokumentensafe": one tile a row.
            sx={{ [NARROW]: { width: '100%' } }}
          >
            <LinkCard
              to={to(pet)}
              data-tile={id}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                justifyContent: 'flex-start',
                gap: 1.25,
                p: { xs: 1.5, sm: 2.5 },
                [NARROW]: { flexDirection: 'row', alignItems: 'center', gap: 1.5 },
              }}
            >
              <IconBubble>
                <Icon />
              </IconBubble>
              <Typography
                variant="subtitle1"
                component="h2"
                sx={{
                  fontWeight: 600,
                  lineHeight: 1.3,
                  fontSize: { xs: '0.9rem', sm: '1rem' },
                  // Long German words ("Dokumentensafe") must fit a phone's half-width tile.
                  overflowWrap: 'break-word',
                  hyphens: 'auto',
                }}
              >
                {t(labelKey)}
              </Typography>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
              >
                {t(descriptionKey)}
              </Typography>
            </LinkCard>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
