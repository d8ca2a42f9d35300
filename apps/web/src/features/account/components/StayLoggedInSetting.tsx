import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useModifyUser } from '@/features/account/api/modify-user';

/** Stay logged in (POST /v1/auth/modify {stay_loggedin}): sessions last 30 days instead of one. */
export function StayLoggedInSetting({ stored }: { stored: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const modify = useModifyUser();
  const labelId = useId();
  const helperId = useId();
  const checked = modify.isPending ? Boolean(modify.variables.stay_loggedin) : stored;

  const toggle = async (next: boolean) => {
    try {
      await modify.mutateAsync({ stay_loggedin: next });
      notify.success('Success_Message_Text');
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={labelId} component="label" htmlFor={`${labelId}-input`} sx={{ fontWeight: 600 }}>
          {t('account.settings.stayLoggedIn')}
        </Typography>
        <Typography id={helperId} variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('account.settings.stayLoggedInHelper')}
        </Typography>
      </Box>
      <Switch
        id={`${labelId}-input`}
        checked={checked}
        disabled={modify.isPending}
        onChange={(_event, next) => void toggle(next)}
        slotProps={{ input: { 'aria-describedby': helperId } }}
        sx={{ flexShrink: 0 }}
      />
    </Stack>
  );
}
