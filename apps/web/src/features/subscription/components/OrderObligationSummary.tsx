import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatEuro, type PayType, type Product } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { Trans, useTranslation } from '@/lib/i18n-react';
import { CONTRACT_CANCELLATION_PATH } from '@/lib/consumer-law';
import { periodMonthsOf, priceOf, priceSuffix } from '../plan-rules';

export interface OrderObligationSummaryProps {
  plan: Product;
  payType: PayType;
  /** Today's total from the server's prices (euro); null while it loads or is refused. */
  total: number | null;
}

/**
 * § 312j Abs. 2 BGB: directly above the order button, what the order costs and binds the
 * customer to: today's total, the automatic renewal with its interval and price, the minimum
 * term and how to cancel. Kept small so that it is on screen together with the button.
 */
export function OrderObligationSummary({ plan, payType, total }: OrderObligationSummaryProps) {
  const { t } = useTranslation();
  const months = periodMonthsOf(plan, payType);
  const term =
    months === 1
      ? t('consumerLaw.checkout.month', { count: months })
      : t('consumerLaw.checkout.months', { count: months });
  const price = `${formatEuro(priceOf(plan, payType))} ${t(`subscription.price.${priceSuffix(plan, payType)}`)}`;
  return (
    <Box
      component="section"
      aria-labelledby="order-obligation-title"
      data-testid="order-obligation-summary"
      sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}
    >
      <Typography id="order-obligation-title" variant="subtitle2" component="h3">
        {t('consumerLaw.checkout.title')}
      </Typography>
      {total !== null ? (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {t('consumerLaw.checkout.total', { total: formatEuro(total) })}
        </Typography>
      ) : null}
      <Typography variant="body2">
        {t('consumerLaw.checkout.renewal', { term, price })} {t('consumerLaw.checkout.minimumTerm', { term })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <Trans
          i18nKey="consumerLaw.checkout.howToCancel"
          components={{ cancel: <Link component={RouterLink} to={CONTRACT_CANCELLATION_PATH} /> }}
        />
      </Typography>
    </Box>
  );
}
