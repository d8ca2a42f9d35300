import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { billPeriod, intervalLabel } from '../bill-texts';
import type { BillsViewProps } from './BillsTable';
import { InvoicePdfButton } from './InvoicePdfButton';

/** Phones: one card per bill with the same facts as the table's row and its PDF icon. */
export function BillCards({ orders, invoices }: BillsViewProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={t('bills.tableLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {orders.map((order) => {
        const interval = intervalLabel(order, t);
        // Date and amount side by side, the period below over the full width (it is the longest).
        const facts: Array<{ label: string; value: string; wide?: boolean; numeric?: boolean }> = [
          { label: t('bills.columns.billDate'), value: order.order_date },
          { label: t('bills.columns.orderAmount'), value: order.paid_amount_eur_formatted, numeric: true },
          {
            label: t('bills.columns.billPeriod'),
            value: [billPeriod(order), interval].filter(Boolean).join(' · '),
            wide: true,
          },
        ];
        return (
          <Box component="li" key={order.id}>
            <Card
              variant="outlined"
              sx={{ borderRadius: 3, p: 2 }}
              aria-label={order.invoice_number ?? undefined}
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('bills.columns.invoiceNumber')}
                  </Typography>
                  <Typography
                    variant="subtitle1"
                    component="h2"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {order.invoice_number}
                  </Typography>
                </Box>
                <Stack direction="row" sx={{ mr: -1, mt: -0.5 }}>
                  {order.credit_note_number ? (
                    <InvoicePdfButton
                      variant="credit_note"
                      label={t('bills.openCreditNote', { number: order.credit_note_number })}
                      loading={invoices.isPending(order.id, 'credit_note')}
                      disabled={invoices.busy}
                      onClick={() => void invoices.open(order, 'credit_note')}
                    />
                  ) : null}
                  <InvoicePdfButton
                    label={t('bills.openInvoice', { number: order.invoice_number })}
                    loading={invoices.isPending(order.id)}
                    disabled={invoices.busy}
                    onClick={() => void invoices.open(order)}
                  />
                </Stack>
              </Stack>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}
              >
                <Typography variant="body1">{order.product_name}</Typography>
                {order.kind === 'renewal' ? (
                  <Chip size="small" variant="outlined" label={t('bills.renewal')} />
                ) : null}
                {order.credit_note_number ? (
                  <Chip size="small" color="warning" variant="outlined" label={t('bills.refunded')} />
                ) : null}
              </Stack>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '1fr 1fr',
                  columnGap: 2,
                  rowGap: 1.25,
                  mt: 1.5,
                  mb: 0,
                }}
              >
                {facts.map(({ label, value, wide, numeric }) => (
                  <Box key={label} sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
                    <Typography
                      component="dt"
                      variant="caption"
                      sx={{ color: 'text.secondary', display: 'block' }}
                    >
                      {label}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{
                        m: 0,
                        fontVariantNumeric: numeric ? 'tabular-nums' : undefined,
                        fontWeight: numeric ? 600 : undefined,
                      }}
                    >
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Card>
          </Box>
        );
      })}
    </Stack>
  );
}
