import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { useTranslation } from '@/lib/i18n-react';
import {
  cardNumberError,
  cvcError,
  cvcLength,
  digitsOnly,
  expiryError,
  formatCardNumber,
  formatExpiry,
  formatIban,
  ibanError,
} from './card-validation';
import { cardErrorText } from './card-errors';
import { confirmWithSandbox } from './sandbox-confirm';
import type { FieldError, PaymentConfirmer, PaymentMethodKind } from './types';

type SandboxField = 'number' | 'expiry' | 'cvc' | 'iban';
type Values = Record<SandboxField, string>;

const EMPTY: Values = { number: '', expiry: '', cvc: '', iban: '' };
const FIELDS_OF: Record<PaymentMethodKind, SandboxField[]> = {
  card: ['number', 'expiry', 'cvc'],
  sepa_debit: ['iban'],
};

function errorOf(field: SandboxField, values: Values): string | null {
  switch (field) {
    case 'number':
      return cardNumberError(values.number);
    case 'expiry':
      return expiryError(values.expiry);
    case 'cvc':
      return cvcError(values.cvc, values.number);
    case 'iban':
      return ibanError(values.iban);
  }
}

export interface SandboxPaymentFieldsProps {
  method: PaymentMethodKind;
  publishableKey: string | null;
  disabled?: boolean;
  ref?: Ref<PaymentConfirmer>;
}

/**
 * The sandbox's card (number, MM / YY, CVC) and IBAN fields: checked in the browser with Stripe's
 * codes (Luhn, expiry, CVC length, IBAN country, length and checksum), then confirmed against the
 * sandbox like Stripe.js would. A field shows its error when left non-empty and incomplete, and
 * every field of the method when the user pays.
 */
export function SandboxPaymentFields({ method, publishableKey, disabled, ref }: SandboxPaymentFieldsProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<SandboxField, FieldError>>>({});
  const numberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const cvcInput = useRef<HTMLInputElement>(null);
  const ibanInput = useRef<HTMLInputElement>(null);
  // What the handle reads (confirm runs after the last render's closure was made).
  const latest = useRef<Values>(EMPTY);

  useImperativeHandle(
    ref,
    () => ({
      validate(kind) {
        const found: Partial<Record<SandboxField, FieldError>> = {};
        for (const field of FIELDS_OF[kind]) {
          const code = errorOf(field, latest.current);
          if (code) found[field] = { code };
        }
        setErrors(found);
        const first = FIELDS_OF[kind].find((field) => found[field]);
        if (first) {
          const inputs = { number: numberInput, expiry: expiryInput, cvc: cvcInput, iban: ibanInput };
          inputs[first].current?.focus();
        }
        return first === undefined;
      },
      confirmPayment(input) {
        const current = latest.current;
        return confirmWithSandbox({
          ...input,
          publishableKey,
          card: { number: current.number, expiry: current.expiry, cvc: current.cvc },
          iban: current.iban,
        });
      },
    }),
    [publishableKey],
  );

  const change = (field: SandboxField, value: string) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  };

  // Like Stripe Elements: a field left non-empty but incomplete or invalid shows its error.
  const blur = (field: SandboxField) => {
    if (values[field].trim() === '') return;
    const code = errorOf(field, values);
    setErrors((previous) => ({ ...previous, [field]: code ? { code } : undefined }));
  };

  const fieldProps = (field: SandboxField) => ({
    value: values[field],
    onBlur: () => blur(field),
    error: Boolean(errors[field]),
    helperText: errors[field] ? cardErrorText(t, errors[field]) : ' ',
    disabled,
    fullWidth: true,
    required: true,
  });

  if (method === 'sepa_debit') {
    return (
      <TextField
        {...fieldProps('iban')}
        inputRef={ibanInput}
        name="iban"
        label={t('subscription.payment.iban')}
        placeholder="DE89 3704 0044 0532 0130 00"
        autoComplete="off"
        onChange={(event) => change('iban', formatIban(event.target.value))}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters', maxLength: 42 } }}
      />
    );
  }

  return (
    <Grid container columnSpacing={2} rowSpacing={0.5}>
      <Grid size={12}>
        <TextField
          {...fieldProps('number')}
          inputRef={numberInput}
          name="cardnumber"
          label={t('subscription.payment.cardNumber')}
          placeholder="1234 1234 1234 1234"
          autoComplete="cc-number"
          onChange={(event) => change('number', formatCardNumber(event.target.value))}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 23 },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <CreditCardOutlinedIcon sx={{ color: 'text.secondary' }} aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          {...fieldProps('expiry')}
          inputRef={expiryInput}
          name="exp-date"
          label={t('subscription.payment.expiry')}
          placeholder={t('subscription.payment.expiryPlaceholder')}
          autoComplete="cc-exp"
          onChange={(event) => change('expiry', formatExpiry(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          {...fieldProps('cvc')}
          inputRef={cvcInput}
          name="cvc"
          label={t('subscription.payment.cvc')}
          placeholder={cvcLength(digitsOnly(values.number)) === 4 ? '1234' : '123'}
          autoComplete="cc-csc"
          onChange={(event) => change('cvc', digitsOnly(event.target.value).slice(0, 4))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Grid>
    </Grid>
  );
}
