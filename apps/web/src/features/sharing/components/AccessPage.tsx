import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { MEMBERS_PER_PET_PAID, SHARE_ROLES, type Share } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { PaidExtraPetPage } from '@/components/PaidExtraPetPage';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { useEndShare } from '../api/end-share';
import { useShares } from '../api/list-shares';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { OPEN_STATES } from '../share-format';
import { InviteDialog } from './InviteDialog';
import { ShareEditDialog } from './ShareEditDialog';
import { ShareRow } from './ShareRow';

const sectionContent = { p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } };

/**
 * /pet-details/:name/:id/access (issue 35): who has access to the owner's pet, with role, window and
 * state; invite, change, end, resend and revoke. A paid-plan extra of the owner.
 */
export function AccessPage({ title, pet }: { title: string; pet: { id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <PaidExtraPetPage
      title={title}
      subtitle={t('sharing.access.subtitle')}
      pet={pet}
      upgrade={{
        title: t('sharing.access.upgradeTitle'),
        text: t('sharing.access.upgradeText'),
        label: t('sharing.access.upgrade'),
      }}
    >
      {() => <AccessCard petId={pet.id} />}
    </PaidExtraPetPage>
  );
}

type Confirm = { kind: 'end' | 'revoke'; share: Share };

function AccessCard({ petId }: { petId: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const notify = useNotify();
  const shares = useShares(petId);
  const endShare = useEndShare(petId);
  const revoke = useRevokeInvitation(petId);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Share | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const titleId = useId();

  const openCount = shares.data?.filter((share) => OPEN_STATES.has(share.state)).length ?? 0;
  const full = openCount >= MEMBERS_PER_PET_PAID;

  const runConfirmed = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'end') await endShare.mutateAsync(confirm.share.id);
      else await revoke.mutateAsync(confirm.share.invitation_id);
      notify.success(confirm.kind === 'end' ? 'sharing.access.ended' : 'sharing.access.revoked');
      setConfirm(null);
    } catch (error) {
      notify.error(error);
    }
  };
  const confirmName = confirm ? (confirm.share.member_name ?? confirm.share.email) : '';

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ maxWidth: 860 }}>
      <CardContent sx={sectionContent}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Box>
            <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
              {t('sharing.access.listTitle')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('sharing.access.count', { used: openCount, max: MEMBERS_PER_PET_PAID })}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<PersonAddAltOutlinedIcon />}
            onClick={() => setInviting(true)}
            disabled={full || shares.isPending}
          >
            {t('sharing.access.invite')}
          </Button>
        </Stack>
        {full ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('Share_Member_Limit_Reached_Message')}
          </Alert>
        ) : null}

        {shares.isPending ? (
          <Stack spacing={1.5} aria-busy="true" aria-label={t('sharing.loading')}>
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={72} />
          </Stack>
        ) : shares.isError ? (
          <Alert severity="error">{t('Failure_Call_Text')}</Alert>
        ) : shares.data.length === 0 ? (
          <EmptyAccess />
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shares.data.map((share) => (
              <ShareRow
                key={share.id}
                share={share}
                onEdit={() => setEditing(share)}
                onEnd={() => setConfirm({ kind: 'end', share })}
                onRevoke={() => setConfirm({ kind: 'revoke', share })}
              />
            ))}
          </Stack>
        )}
      </CardContent>

      <InviteDialog open={inviting} onClose={() => setInviting(false)} pets={user.pets} petId={petId} />
      {editing ? <ShareEditDialog share={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmActionDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'revoke'
            ? t('sharing.access.revokeTitle', { name: confirmName })
            : t('sharing.access.endTitle', { name: confirmName })
        }
        text={confirm?.kind === 'revoke' ? t('sharing.access.revokeText') : t('sharing.access.endText')}
        confirmLabel={confirm?.kind === 'revoke' ? t('sharing.access.revoke') : t('sharing.access.end')}
        cancelLabel={t('sharing.cancel')}
        pending={endShare.isPending || revoke.isPending}
        onConfirm={() => void runConfirmed()}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}

/** No one has access yet: what each role may do. */
function EmptyAccess() {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 2 }}>
      <Typography sx={{ mb: 1.5 }}>{t('sharing.access.empty')}</Typography>
      <Stack component="ul" spacing={1} sx={{ pl: 2.5, m: 0 }}>
        {SHARE_ROLES.map((role) => (
          <Typography component="li" variant="body2" key={role}>
            <Box component="strong" sx={{ fontWeight: 600 }}>
              {t(`sharing.role.${role}`)}
            </Box>
            {': '}
            {t(`sharing.roleText.${role}`)}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}
