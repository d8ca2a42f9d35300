import { useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useColorScheme, useTheme, type Theme } from '@mui/material/styles';
import { CardElement, Elements, IbanElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementStyle } from '@stripe/stripe-js';
import { useTranslation } from '@/lib/i18n-react';
import { cardErrorText } from './card-errors';
import { confirmWithStripe } from './stripe-confirm';
import type { FieldError, PaymentConfirmer, PaymentMethodKind } from './types';

/**
 * Stripe mode: Stripe Elements (CardElement, IbanElement) and stripe.confirmCardPayment /
 * confirmSepaDebitPayment behind the same PaymentConfirmer as the sandbox. This module is loaded
 * lazily (PaymentMethodFields), so Stripe's libraries are in no chunk unless Stripe mode is on.
 */
const stripePromises = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

export interface StripePaymentFieldsProps {
  method: PaymentMethodKind;
  publishableKey: string;
  disabled?: boolean;
  ref?: Ref<PaymentConfirmer>;
}

export default function StripePaymentFields({ publishableKey, ...props }: StripePaymentFieldsProps) {
  const { i18n } = useTranslation();
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const locale = i18n.language === 'de' ? 'de' : 'en';
  return (
    <Elements stripe={stripe} options={{ locale }}>
      <StripeFields {...props} />
    </Elements>
  );
}

interface ElementState {
  complete: boolean;
  error: FieldError | null;
}

const INITIAL: ElementState = { complete: false, error: null };

function StripeFields({ method, disabled, ref }: Omit<StripePaymentFieldsProps, 'publishableKey'>) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Stripe's iframes cannot read CSS variables: hand them the colours of the scheme on screen.
  const { colorScheme } = useColorScheme();
  const schemes = (theme as Theme & { colorSchemes?: Record<string, { palette: Theme['palette'] }> })
    .colorSchemes;
  const palette = schemes?.[colorScheme === 'dark' ? 'dark' : 'light']?.palette ?? theme.palette;
  const stripe = useStripe();
  const elements = useElements();
  const states = useRef<Record<PaymentMethodKind, ElementState>>({ card: INITIAL, sepa_debit: INITIAL });
  const [errors, setErrors] = useState<Record<PaymentMethodKind, FieldError | null>>({
    card: null,
    sepa_debit: null,
  });
  const shownError = errors[method];
  const showError = (kind: PaymentMethodKind, error: FieldError | null) =>
    setErrors((previous) => ({ ...previous, [kind]: error }));

  const style: StripeElementStyle = {
    base: {
      color: palette.text.primary,
      fontFamily: theme.typography.fontFamily,
      fontSize: '16px',
      iconColor: palette.text.secondary,
      '::placeholder': { color: palette.text.secondary },
    },
    invalid: { color: palette.error.main, iconColor: palette.error.main },
  };

  useImperativeHandle(
    ref,
    () => ({
      validate(kind) {
        const state = states.current[kind];
        if (state.error) {
          showError(kind, state.error);
          return false;
        }
        if (!state.complete) {
          showError(kind, { code: kind === 'card' ? 'incomplete_number' : 'incomplete_iban' });
          return false;
        }
        return true;
      },
      async confirmPayment(input) {
        if (!stripe || !elements) throw new Error('Stripe.js is not loaded');
        return confirmWithStripe(
          stripe,
          { card: elements.getElement(CardElement), iban: elements.getElement(IbanElement) },
          input,
        );
      },
    }),
    [stripe, elements],
  );

  const track = (
    kind: PaymentMethodKind,
    event: { complete: boolean; error?: { code: string; message: string } | undefined },
  ) => {
    const error = event.error ? { code: event.error.code, message: event.error.message } : null;
    states.current = { ...states.current, [kind]: { complete: event.complete, error } };
    showError(kind, error);
  };

  return (
    <Box>
      <Typography
        component="label"
        variant="body2"
        sx={{ display: 'block', mb: 0.75, color: 'text.secondary' }}
      >
        {t(method === 'card' ? 'subscription.payment.cardDetails' : 'subscription.payment.iban')}
      </Typography>
      <Box
        data-testid="stripe-element"
        sx={{
          px: 1.75,
          py: 2,
          border: 1,
          borderRadius: 1,
          borderColor: shownError ? 'error.main' : 'divider',
          opacity: disabled ? 0.6 : 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: 1 },
        }}
      >
        {/* Both stay mounted (the inactive one hidden) so switching keeps what was typed. */}
        <Box sx={{ display: method === 'card' ? 'block' : 'none' }}>
          <CardElement
            options={{ style, hidePostalCode: true, disabled }}
            onChange={(event) => track('card', event)}
          />
        </Box>
        <Box sx={{ display: method === 'sepa_debit' ? 'block' : 'none' }}>
          <IbanElement
            options={{ style, supportedCountries: ['SEPA'], placeholderCountry: 'DE', disabled }}
            onChange={(event) => track('sepa_debit', event)}
          />
        </Box>
      </Box>
      <FormHelperText error={Boolean(shownError)} sx={{ mx: 1.75 }}>
        {shownError ? cardErrorText(t, shownError) : ' '}
      </FormHelperText>
    </Box>
  );
}
