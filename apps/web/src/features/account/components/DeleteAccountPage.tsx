import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { ACCOUNT_DELETION_MAX_HOURS } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { useDeleteAccount } from '@/features/account/api/delete-account';

const CONSEQUENCES = [
  'account.delete.consequencePets',
  'account.delete.consequenceDocuments',
  'account.delete.consequenceSubscription',
  'account.delete.consequenceSignIn',
] as const;

const cardContent = { p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } };

/** After the request: the account is scheduled for deletion; OK signs out. */
function DeletedScreen({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useTranslation();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Card sx={{ maxWidth: 640 }} role="status" aria-labelledby="account-deleted-title">
      <CardContent sx={{ ...cardContent, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <CheckCircleOutlineIcon sx={{ fontSize: 64, color: 'success.main' }} aria-hidden />
          <Typography id="account-deleted-title" variant="h5" component="h2">
            {t('account.delete.doneTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>
            {t('account.delete.doneText', { hours: ACCOUNT_DELETION_MAX_HOURS })}
          </Typography>
          <Button
            variant="contained"
            size="large"
            disabled={signingOut}
            startIcon={signingOut ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => {
              setSigningOut(true);
              void onSignOut().finally(() => setSigningOut(false));
            }}
            sx={{ minWidth: 140 }}
          >
            {t('account.delete.ok')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /my-account/delete-account (account-area sections 2 and 4): what deleting means, a confirmation,
 * then the deleted screen whose OK signs out (`onSignOut`, from the route module). Cancel goes to /.
 */
export function DeleteAccountPage({ title, onSignOut }: { title: string; onSignOut: () => Promise<void> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useSignedInUser();
  const remove = useDeleteAccount(user.id);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      setDeleted(true);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <>
      <PageTitle title={title} />
      {deleted ? (
        <DeletedScreen onSignOut={onSignOut} />
      ) : (
        <Card sx={{ maxWidth: 640 }}>
          <CardContent sx={cardContent}>
            <Stack spacing={2.5}>
              {/* useFlexGap: with the icon hidden on phones a margin-based gap indented the title. */}
              <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    flexShrink: 0,
                    width: 48,
                    height: 48,
                    borderRadius: 3,
                    // Phones need the width for the text.
                    display: { xs: 'none', sm: 'grid' },
                    placeItems: 'center',
                    color: 'error.main',
                    backgroundColor: `rgba(${theme.vars?.palette.error.mainChannel ?? '211 47 47'} / 0.12)`,
                  })}
                >
                  <DeleteForeverOutlinedIcon />
                </Box>
                <div>
                  <Typography variant="h6" component="h2">
                    {t('account.delete.heading')}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
                    {t('account.delete.intro', { email: user.email })}
                  </Typography>
                </div>
              </Stack>
              <List dense disablePadding aria-label={t('account.delete.consequencesLabel')}>
                {CONSEQUENCES.map((key) => (
                  <ListItem key={key} disableGutters sx={{ alignItems: 'flex-start' }}>
                    <ListItemIcon sx={{ minWidth: 36, mt: 0.5, color: 'text.secondary' }}>
                      <RemoveCircleOutlineIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={t(key, { hours: ACCOUNT_DELETION_MAX_HOURS })} />
                  </ListItem>
                ))}
              </List>
              <Alert severity="warning">{t('account.delete.irreversible')}</Alert>
              <Stack
                direction={{ xs: 'column-reverse', sm: 'row' }}
                spacing={1.5}
                sx={{ justifyContent: 'flex-end' }}
              >
                <Button component={RouterLink} to="/" color="inherit">
                  {t('account.common.cancel')}
                </Button>
                <Button
                  variant="contained"
                  color="error"
                  startIcon={<DeleteForeverOutlinedIcon />}
                  onClick={() => setConfirming(true)}
                >
                  {t('account.delete.submit')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
      <ConfirmActionDialog
        open={confirming}
        title={t('account.delete.confirmTitle')}
        text={t('account.delete.confirmText')}
        confirmLabel={t('account.delete.confirm')}
        cancelLabel={t('account.common.cancel')}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
