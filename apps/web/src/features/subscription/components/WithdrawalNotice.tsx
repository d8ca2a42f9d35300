import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { WITHDRAWAL_DAYS } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { Trans, useTranslation } from '@/lib/i18n-react';
import { CONTRACT_CANCELLATION_PATH } from '@/lib/consumer-law';

export interface WithdrawalNoticeProps {
  supportEmail: string;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  disabled?: boolean;
}

/**
 * The withdrawal information (Widerrufsbelehrung, § 312d BGB with Art. 246a EGBGB) and the
 * request to start at once (§ 356 Abs. 4 BGB). The request is optional: without it a withdrawal
 * refunds everything; with it only the share not used yet (§ 357a Abs. 2 BGB).
 */
export function WithdrawalNotice({
  supportEmail,
  consent,
  onConsentChange,
  disabled,
}: WithdrawalNoticeProps) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="withdrawal-title" data-testid="withdrawal-notice">
      <Typography id="withdrawal-title" variant="subtitle2" component="h3">
        {t('consumerLaw.withdrawal.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        <Trans
          i18nKey="consumerLaw.withdrawal.text"
          values={{ days: WITHDRAWAL_DAYS, email: supportEmail }}
          components={{ form: <Link component={RouterLink} to={CONTRACT_CANCELLATION_PATH} /> }}
        />
      </Typography>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0 }}
        control={
          <Checkbox
            checked={consent}
            disabled={disabled}
            onChange={(event) => onConsentChange(event.target.checked)}
            sx={{ mt: -0.75, ml: -1 }}
          />
        }
        label={<Typography variant="body2">{t('consumerLaw.withdrawal.consent')}</Typography>}
      />
    </Box>
  );
}
