import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Share } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useResendInvitation } from '../api/resend-invitation';
import { OPEN_STATES, STATE_COLORS, formatInstant } from '../share-format';
import { RoleBadge } from './RoleBadge';

/** The window in words: "From … until …", "Until …", "From …" or "No time limit". */
export function useWindowText() {
  const { t, i18n } = useTranslation();
  return (share: { starts_at: string | null; ends_at: string | null }) => {
    const from = share.starts_at ? formatInstant(share.starts_at, i18n.language) : null;
    const until = share.ends_at ? formatInstant(share.ends_at, i18n.language) : null;
    if (from && until) return t('sharing.window.fromUntil', { from, until });
    if (until) return t('sharing.window.untilOnly', { until });
    if (from) return t('sharing.window.fromOnly', { from });
    return t('sharing.window.open');
  };
}

export interface ShareRowProps {
  share: Share;
  onEdit: () => void;
  onEnd: () => void;
  onRevoke: () => void;
}

/** One person's access to the pet: who, role, window, state and what the owner may do with it. */
export function ShareRow({ share, onEdit, onEnd, onRevoke }: ShareRowProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const resend = useResendInvitation(share.pet_id);
  const windowText = useWindowText();
  const open = OPEN_STATES.has(share.state);
  const invited = share.state === 'invited' || share.state === 'expired';

  const resendNow = async () => {
    try {
      await resend.mutateAsync(share.invitation_id);
      notify.success('sharing.access.resent');
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Box
      component="li"
      data-share={share.id}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        opacity: open || invited ? 1 : 0.75,
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {share.member_name ?? share.email}
          </Typography>
          {share.member_name ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {share.email}
            </Typography>
          ) : null}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', my: 0.75 }}
          >
            <RoleBadge role={share.role} />
            <Chip
              size="small"
              variant="outlined"
              color={STATE_COLORS[share.state]}
              label={t(`sharing.state.${share.state}`)}
            />
            {share.role === 'carer' && share.reminders ? (
              <Chip size="small" variant="outlined" label={t('sharing.access.withReminders')} />
            ) : null}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {windowText(share)}
          </Typography>
          {share.state === 'invited' ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('sharing.access.linkValid', {
                date: formatInstant(share.invitation_expires_at, i18n.language),
              })}
            </Typography>
          ) : null}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'flex-start', flexShrink: 0 }}
        >
          {invited ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => void resendNow()}
              disabled={resend.isPending}
            >
              {t('sharing.access.resend')}
            </Button>
          ) : null}
          {open ? (
            <Button size="small" variant="outlined" onClick={onEdit}>
              {t('sharing.access.change')}
            </Button>
          ) : null}
          {share.state === 'invited' ? (
            <Button size="small" color="error" onClick={onRevoke}>
              {t('sharing.access.revoke')}
            </Button>
          ) : open ? (
            <Button size="small" color="error" onClick={onEnd}>
              {t('sharing.access.end')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}
