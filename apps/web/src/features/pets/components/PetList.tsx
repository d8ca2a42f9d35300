import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PetsIcon from '@mui/icons-material/Pets';
import { useTranslation } from '@/lib/i18n-react';
import type { PetSummary } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { RouterLink } from '@/components/RouterLink';
import { useNotify } from '@/lib/notifications';
import { petPath } from '@/lib/paths';
import { usePetsReloading, useSignedInUser } from '@/lib/session';
import { useDeletePet } from '@/features/pets/api/delete-pet';
import { PetAvatar } from './PetAvatar';
import { PetLimitNotice } from './PetLimitNotice';
import { usePetLimit } from './use-pet-limit';

export const NEW_PET_PATH = '/dashboard/new-pet';

function PetCard({ pet, onDelete }: { pet: PetSummary; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'border-color 150ms',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={petPath(pet)}
        sx={{ height: '100%', p: 2.5, pr: 7, display: 'flex', justifyContent: 'flex-start', gap: 2 }}
      >
        <PetAvatar name={pet.name} imageUrl={pet.image_url} size={64} decorative />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h6" component="h2" noWrap>
            {pet.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`pets.species.${pet.type}`)}
          </Typography>
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </CardActionArea>
      <Tooltip title={t('pets.list.delete', { name: pet.name })}>
        <IconButton
          onClick={onDelete}
          aria-label={t('pets.list.delete', { name: pet.name })}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Card>
  );
}

function AddPetCard() {
  const { t } = useTranslation();
  return (
    <Card
      sx={(theme) => ({
        height: '100%',
        borderStyle: 'dashed',
        borderWidth: 2,
        bgcolor: 'transparent',
        transition: 'border-color 150ms, background-color 150ms',
        '&:hover': {
          borderColor: 'primary.main',
          backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.06)`,
        },
      })}
    >
      <CardActionArea
        component={RouterLink}
        to={NEW_PET_PATH}
        sx={{ height: '100%', p: 2.5, display: 'flex', justifyContent: 'flex-start', gap: 2 }}
      >
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 64,
            height: 64,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
          })}
        >
          <AddIcon />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="span" sx={{ display: 'block', color: 'primary.main' }}>
            {t('pets.list.add')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('pets.list.addDescription')}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={2}
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 6, sm: 8 },
        px: 3,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 4,
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 88,
          height: 88,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
        })}
      >
        <PetsIcon sx={{ fontSize: 44 }} />
      </Box>
      <Typography variant="h5" component="h2">
        {t('pets.list.emptyTitle')}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', maxWidth: 460 }}>
        {t('pets.list.emptyText')}
      </Typography>
      <Button component={RouterLink} to={NEW_PET_PATH} variant="contained" startIcon={<AddIcon />}>
        {t('pets.list.add')}
      </Button>
    </Stack>
  );
}

/**
 * /pets and /dashboard/my-pets (pet-data section 2): the pets of the user info, each a button to
 * its pet page with a delete icon; then the add entry, or at the plan's limit the limit message.
 */
export function PetList() {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useSignedInUser();
  const reloading = usePetsReloading();
  const limit = usePetLimit();
  const deletePet = useDeletePet();
  // The pet stays set while the dialog closes, so its texts do not change during the animation.
  const [toDelete, setToDelete] = useState<PetSummary | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const askDelete = (pet: PetSummary) => {
    setToDelete(pet);
    setDialogOpen(true);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const pet = toDelete;
    deletePet.mutate(pet.id, {
      onSuccess: () => {
        setDialogOpen(false);
        notify.success('pets.list.deleted', { name: pet.name });
      },
      onError: (error) => notify.error(error),
    });
  };

  return (
    <>
      {user.pets.length === 0 ? (
        <EmptyState />
      ) : (
        <Grid
          container
          spacing={{ xs: 2, md: 3 }}
          component="ul"
          aria-label={t('pets.list.label')}
          aria-busy={reloading}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {user.pets.map((pet) => (
            <Grid key={pet.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <PetCard pet={pet} onDelete={() => askDelete(pet)} />
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            {limit.reached ? (
              <PetLimitNotice messageKey={limit.messageKey} showUpsell={limit.showUpsell} />
            ) : (
              <AddPetCard />
            )}
          </Grid>
        </Grid>
      )}

      <ConfirmActionDialog
        open={dialogOpen}
        title={t('pets.list.deleteTitle', { name: toDelete?.name ?? '' })}
        text={t('pets.list.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('pets.list.deleteConfirm')}
        cancelLabel={t('pets.common.cancel')}
        pending={deletePet.isPending}
        onClose={() => setDialogOpen(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
