import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { canOnPet, type PetRelation } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { usePet } from '../api/fetch-pet';
import { useWeightFormat } from '../weight-format';
import { useDeleteWeight } from '../api/delete-weight';

interface Removal {
  id: string;
  weight: number;
  date: string;
}

/**
 * A shared pet's weights for a member who does not edit the profile (issue 35: a carer or a
 * viewer): the list newest first as the pet answer has it, and for each entry the member may
 * delete (canOnPet: a carer's own, created_by) a delete after confirmation.
 */
export function MemberWeights({ petId, relation }: { petId: string; relation: PetRelation }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const session = useSession();
  const pet = usePet(petId);
  const remove = useDeleteWeight(petId);
  const formatWeight = useWeightFormat().withUnit;
  const titleId = useId();
  const [removing, setRemoving] = useState<Removal | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const actorId = session.status === 'signedIn' ? session.user.id : undefined;
  const weights = pet.data?.weights ?? [];

  const confirm = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify.success('pets.weights.memberDeleted');
      setDialogOpen(false);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 3, maxWidth: 860 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem', mb: 1 }}>
          {t('pets.weights.memberTitle')}
        </Typography>
        {pet.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : pet.isError ? (
          <Alert severity="error">{t('Failure_Call_Text')}</Alert>
        ) : weights.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('pets.weights.empty')}</Typography>
        ) : (
          <List dense disablePadding>
            {weights.map((entry, index) => {
              const id = entry.id;
              const mayDelete =
                id !== undefined &&
                canOnPet(relation, 'delete', 'weight', {
                  entry: { createdBy: entry.created_by ?? null },
                  actorId,
                }) === 'yes';
              return (
                <ListItem
                  key={id ?? `${entry.date}-${index}`}
                  divider={index < weights.length - 1}
                  secondaryAction={
                    mayDelete ? (
                      <IconButton
                        edge="end"
                        aria-label={t('pets.weights.remove', {
                          date: entry.date,
                          weight: formatWeight(entry.weight),
                        })}
                        onClick={() => {
                          setRemoving({ id, weight: entry.weight, date: entry.date });
                          setDialogOpen(true);
                        }}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={formatWeight(entry.weight)}
                    secondary={entry.date}
                    slotProps={{
                      primary: { sx: { fontWeight: 600, fontVariantNumeric: 'tabular-nums' } },
                      secondary: { sx: { fontVariantNumeric: 'tabular-nums' } },
                    }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      <ConfirmActionDialog
        open={dialogOpen && removing !== null}
        title={t('pets.weights.removeTitle')}
        text={
          removing
            ? t('pets.weights.removeText', { date: removing.date, weight: formatWeight(removing.weight) })
            : ''
        }
        confirmLabel={t('pets.weights.removeConfirm')}
        cancelLabel={t('pets.common.cancel')}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setDialogOpen(false)}
      />
    </Card>
  );
}
