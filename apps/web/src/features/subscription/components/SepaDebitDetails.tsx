import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatEuro, type OrderStatusResponse } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';

/** The collection day as the server fixed it: a calendar day in UTC, dd.MM.yyyy in any time zone. */
const utcDay = (epochMs: number) =>
  new Date(epochMs).toISOString().slice(0, 10).split('-').reverse().join('.');

/**
 * A SEPA debit under way, as its pre-notification announced it (issue 33 items 13 and 14): the
 * checkout's confirmation states when it is collected, how much, the mandate reference and the
 * brand's creditor identifier. Everything comes from the server (GET /v1/order/status).
 */
export function SepaDebitDetails({ debit }: { debit: NonNullable<OrderStatusResponse['sepa_debit']> }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('subscription.sepaDebit.amount'), formatEuro(debit.amount_cents / 100)],
    [t('subscription.sepaDebit.date'), utcDay(debit.collection_date)],
    [t('subscription.sepaDebit.mandateReference'), debit.mandate_reference || '–'],
    [t('subscription.sepaDebit.creditorId'), debit.creditor_id],
  ];
  return (
    <Box
      data-testid="sepa-debit"
      sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 2, width: '100%', textAlign: 'left' }}
    >
      <Typography variant="subtitle2" component="h2">
        {t('subscription.sepaDebit.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('subscription.sepaDebit.intro')}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
