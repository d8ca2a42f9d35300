import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MonitorWeightOutlinedIcon from '@mui/icons-material/MonitorWeightOutlined';
import { canOnPet, type SharedPet } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useNavigate } from '@/lib/router';
import { useSessionStore } from '@/lib/session';
import { useLeaveShare } from '../api/leave-share';
import { formatInstant } from '../share-format';
import { AddWeightDialog } from './AddWeightDialog';
import { RoleBadge } from './RoleBadge';

/**
 * Above a shared pet's pages (issue 35): whose pet it is, the member's role and until when; a
 * carer's "Add weight" (the one write a carer makes here without the profile form) and "Leave".
 */
export function SharedPetBanner({ pet, withActions = false }: { pet: SharedPet; withActions?: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSessionStore();
  const leave = useLeaveShare();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [addingWeight, setAddingWeight] = useState(false);
  // Who may add weights but not edit the profile (a carer) has only this way to add one.
  const weightHere =
    canOnPet(pet.role, 'create', 'weight') === 'yes' && canOnPet(pet.role, 'update', 'profile') !== 'yes';

  const leaveNow = async () => {
    try {
      await leave.mutateAsync(pet.share_id);
      setConfirmLeave(false);
      notify.success('sharing.member.left');
      await navigate('/dashboard', { replace: true });
      await session.invalidate();
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Alert
      severity="info"
      icon={false}
      role="note"
      aria-label={t('sharing.member.bannerLabel')}
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t('sharing.member.sharedBy', { owner: pet.owner_name })}
            </Typography>
            <RoleBadge role={pet.role} />
          </Stack>
          <Typography variant="body2">
            {pet.ends_at
              ? t('sharing.member.until', { date: formatInstant(pet.ends_at, i18n.language) })
              : t('sharing.member.noEnd')}
          </Typography>
        </Stack>
        {withActions ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {weightHere ? (
              <Button
                variant="contained"
                size="small"
                startIcon={<MonitorWeightOutlinedIcon />}
                onClick={() => setAddingWeight(true)}
              >
                {t('sharing.member.addWeight')}
              </Button>
            ) : null}
            <Button variant="outlined" size="small" color="inherit" onClick={() => setConfirmLeave(true)}>
              {t('sharing.member.leave')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      {addingWeight ? <AddWeightDialog petId={pet.id} onClose={() => setAddingWeight(false)} /> : null}
      <ConfirmActionDialog
        open={confirmLeave}
        title={t('sharing.member.leaveTitle', { name: pet.name })}
        text={t('sharing.member.leaveText', { owner: pet.owner_name })}
        confirmLabel={t('sharing.member.leave')}
        cancelLabel={t('sharing.cancel')}
        pending={leave.isPending}
        onConfirm={() => void leaveNow()}
        onClose={() => setConfirmLeave(false)}
      />
    </Alert>
  );
}
