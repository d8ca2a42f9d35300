import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import TrendingDownOutlinedIcon from '@mui/icons-material/TrendingDownOutlined';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import type { UserInfo } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { SubscriptionStatus } from '../components/SubscriptionStatus';
import { cancelPath, isDowngradeBlocked, lastDayOf, termEnd } from './cancel-rules';
import { DowngradeNotAllowedDialog } from './shared';

function Option({
  id,
  icon,
  title,
  text,
  action,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
        <IconBubble>{icon}</IconBubble>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
      </Stack>
      <Typography sx={{ color: 'text.secondary', flexGrow: 1 }}>{text}</Typography>
      <Box sx={{ mt: 2.5 }}>{action}</Box>
    </Card>
  );
}

/**
 * The cancel entry's choice (account-area section 2) for plans of sequence 2 or more: switch to a
 * smaller plan, or cancel. Gift, promo and free users get the popup instead of the downgrade.
 */
export function CancelChoice({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [notAllowed, setNotAllowed] = useState(false);
  const end = termEnd(user);
  const date = lastDayOf(end);
  const plan = user.product?.name ?? '';

  return (
    <>
      <SubscriptionStatus user={user} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <Option
          id="cancel-choice-downgrade"
          icon={<TrendingDownOutlinedIcon />}
          title={t('subscription.cancel.choice.downgradeTitle')}
          text={t(
            date
              ? 'subscription.cancel.choice.downgradeText'
              : 'subscription.cancel.choice.downgradeTextNoDate',
            {
              plan,
              date,
            },
          )}
          action={
            <Button
              variant="contained"
              size="large"
              fullWidth
              onClick={() =>
                isDowngradeBlocked(user) ? setNotAllowed(true) : void navigate(cancelPath('downgrade'))
              }
            >
              {t('subscription.cancel.choice.downgradeButton')}
            </Button>
          }
        />
        <Option
          id="cancel-choice-cancel"
          icon={<EventBusyOutlinedIcon />}
          title={t('subscription.cancel.choice.cancelTitle')}
          text={t(
            date ? 'subscription.cancel.choice.cancelText' : 'subscription.cancel.choice.cancelTextNoDate',
            {
              plan,
              date,
            },
          )}
          action={
            <Button
              variant="outlined"
              color="error"
              size="large"
              fullWidth
              onClick={() => void navigate(cancelPath('confirm_Termination'))}
            >
              {t('subscription.cancel.choice.cancelButton')}
            </Button>
          }
        />
      </Box>
      <DowngradeNotAllowedDialog open={notAllowed} onClose={() => setNotAllowed(false)} />
    </>
  );
}
