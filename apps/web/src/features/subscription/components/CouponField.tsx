import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { couponMessageKey, type PayType } from '@pet/contract';
import { errorKeyOf } from '@/lib/api-client';
import { useCheckCoupon } from '../api/coupon';
import { KEYS_WITH_SUPPORT_LINK, SupportMessage } from './SupportMessage';

export interface AppliedCoupon {
  id: string;
  code: string;
  payType: PayType;
}

export interface CouponFieldProps {
  email: string;
  productId: string;
  payType: PayType;
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
  supportEmail: string;
  disabled?: boolean;
}

/**
 * Coupon code with Apply (account-area sections 2, 4, 5, 8): the code is uppercased and checked
 * for this plan and interval as an existing customer; a valid one is applied (its coupon_id goes
 * into the prices and the payment), an invalid one shows the 476 table's text under the field
 * (Code_Expired_Text with the support address).
 */
export function CouponField({
  email,
  productId,
  payType,
  applied,
  onApplied,
  supportEmail,
  disabled,
}: CouponFieldProps) {
  const { t } = useTranslation();
  const check = useCheckCoupon();
  const [code, setCode] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const apply = async () => {
    const trimmed = code.trim().toUpperCase();
    if (!trimmed) return;
    setErrorKey(null);
    try {
      const answer = await check.mutateAsync({ code: trimmed, email, payType, productId });
      const result = answer.codes[0];
      if (result?.isvalid && result.coupon_id) {
        onApplied({ id: result.coupon_id, code: trimmed, payType });
        setCode('');
      } else {
        setErrorKey(couponMessageKey(result?.message));
      }
    } catch (error) {
      setErrorKey(errorKeyOf(error));
    }
  };

  if (applied) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="status">
        <Chip
          icon={<LocalOfferOutlinedIcon />}
          color="success"
          variant="outlined"
          label={t('subscription.coupon.applied', { code: applied.code })}
        />
        <Button size="small" color="inherit" disabled={disabled} onClick={() => onApplied(null)}>
          {t('subscription.coupon.remove')}
        </Button>
      </Stack>
    );
  }

  const helperId = 'coupon-helper';
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
      aria-label={t('subscription.coupon.label')}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          name="coupon"
          label={t('subscription.coupon.label')}
          value={code}
          disabled={disabled || check.isPending}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            if (errorKey) setErrorKey(null);
          }}
          error={Boolean(errorKey)}
          autoComplete="off"
          slotProps={{
            htmlInput: {
              spellCheck: false,
              autoCapitalize: 'characters',
              'aria-describedby': errorKey ? helperId : undefined,
            },
          }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={disabled || check.isPending || code.trim() === ''}
          startIcon={check.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ flexShrink: 0, height: 40 }}
        >
          {t('subscription.coupon.apply')}
        </Button>
      </Stack>
      {errorKey ? (
        <FormHelperText id={helperId} error role="alert" data-testid="coupon-error" sx={{ mx: 1.75 }}>
          <SupportMessage
            text={t(errorKey)}
            supportEmail={supportEmail}
            withLink={KEYS_WITH_SUPPORT_LINK.has(errorKey)}
          />
        </FormHelperText>
      ) : null}
    </Box>
  );
}
