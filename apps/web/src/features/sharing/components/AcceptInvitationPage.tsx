import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import { SHARE_KEYS, type InvitationPreview } from '@pet/contract';
import { CenteredCard } from '@/components/CenteredCard';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf, isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n-react';
import { petPath, shareAcceptPath, signInPath } from '@/lib/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useSession, useSessionStore } from '@/lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/fetch-invitation-preview';
import { formatInstant } from '../share-format';
import { RoleBadge } from './RoleBadge';
import { useWindowText } from './ShareRow';

const isGone = (error: unknown) =>
  isApiError(error) &&
  (error.status === 404 || error.status === 410 || error.key === SHARE_KEYS.invitationGone);

/**
 * /share/accept?token= (issue 35, open): the invitation's preview, then what fits the visitor:
 * accept (signed in with the invited address), sign out (another address), or sign in / register
 * with the address prefilled and back here afterwards. `onSignOut` ends the session (app/).
 */
export function AcceptInvitationPage({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useInvitationPreview(token);

  if (!token || (preview.isError && isGone(preview.error))) return <GonePage />;
  return (
    <CenteredCard maxWidth={560}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <GroupAddOutlinedIcon color="primary" aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.6rem' } }}>
          {t('route.shareAccept')}
        </Typography>
      </Stack>
      {preview.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('sharing.loading')}>
          <Skeleton width="80%" />
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={40} width={160} />
        </Stack>
      ) : preview.isError ? (
        <Alert severity="error">{t(errorKeyOf(preview.error))}</Alert>
      ) : (
        <>
          <PreviewDetails preview={preview.data} />
          <Actions preview={preview.data} token={token} onSignOut={onSignOut} />
        </>
      )}
    </CenteredCard>
  );
}

function GonePage() {
  const { t } = useTranslation();
  return (
    <CenteredCard maxWidth={560}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LinkOffOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.6rem' } }}>
          {t('sharing.accept.goneTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t(SHARE_KEYS.invitationGone)}</Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('sharing.accept.toPortal')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}

function PreviewDetails({ preview }: { preview: InvitationPreview }) {
  const { t, i18n } = useTranslation();
  const windowText = useWindowText();
  const names = preview.pets.map((pet) => pet.name).join(', ');
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        {t('sharing.accept.intro', { owner: preview.owner_name, pets: names })}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          m: 0,
          p: 2,
          borderRadius: 2,
          bgcolor: 'action.hover',
          '& dt': { color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('sharing.accept.owner')}</dt>
        <dd>{preview.owner_name}</dd>
        <dt>{t('sharing.accept.pets')}</dt>
        <dd>{names}</dd>
        <dt>{t('sharing.accept.role')}</dt>
        <dd>
          <RoleBadge role={preview.role} />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t(`sharing.roleText.${preview.role}`)}
          </Typography>
        </dd>
        <dt>{t('sharing.accept.window')}</dt>
        <dd>{windowText(preview)}</dd>
        <dt>{t('sharing.accept.invitedAddress')}</dt>
        <dd>{preview.email}</dd>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {t('sharing.accept.expires', { date: formatInstant(preview.expires_at, i18n.language) })}
      </Typography>
    </Box>
  );
}

function Actions({
  preview,
  token,
  onSignOut,
}: {
  preview: InvitationPreview;
  token: string;
  onSignOut: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const here = shareAcceptPath(token);
  const email = encodeURIComponent(preview.email);

  if (session.status === 'loading' || session.status === 'error') {
    return <Skeleton variant="rounded" height={40} width={160} sx={{ mt: 3 }} />;
  }
  if (session.status === 'signedOut') {
    return (
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        <Typography variant="body2">
          {preview.account_exists ? t('sharing.accept.signInFirst') : t('sharing.accept.registerFirst')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            component={RouterLink}
            to={`${signInPath(here)}&email=${email}`}
            variant={preview.account_exists ? 'contained' : 'outlined'}
          >
            {t('sharing.accept.signIn')}
          </Button>
          <Button
            component={RouterLink}
            to={`/register?email=${email}&invitation=${encodeURIComponent(token)}`}
            variant={preview.account_exists ? 'outlined' : 'contained'}
          >
            {t('sharing.accept.register')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (session.user.email.trim().toLowerCase() !== preview.email.trim().toLowerCase()) {
    return (
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        <Alert severity="warning">
          {t('sharing.accept.otherAddress', { signedIn: session.user.email, invited: preview.email })}
        </Alert>
        <Box>
          <Button
            variant="contained"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void onSignOut().finally(() => setSigningOut(false));
            }}
          >
            {t('sharing.accept.signOut')}
          </Button>
        </Box>
      </Stack>
    );
  }

  const acceptNow = async () => {
    setFailure(null);
    try {
      const answer = await accept.mutateAsync(token);
      // The shared pets come with the user info: reload it before the pet's page looks for it.
      await store.invalidate();
      const pet = preview.pets.find((candidate) => candidate.id === answer.pet_id) ?? preview.pets[0];
      await navigate(petPath({ id: answer.pet_id, name: pet?.name ?? '' }), { replace: true });
    } catch (error) {
      setFailure(errorKeyOf(error));
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={accept.isPending}
          startIcon={accept.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => void acceptNow()}
        >
          {t('sharing.accept.accept')}
        </Button>
      </Box>
    </Stack>
  );
}
