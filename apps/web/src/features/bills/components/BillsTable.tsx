import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import type { Order } from '@pet/contract';
import { billPeriod, intervalLabel } from '../bill-texts';
import type { useOpenInvoice } from '../use-open-invoice';
import { InvoicePdfButton } from './InvoicePdfButton';

export interface BillsViewProps {
  orders: Order[];
  invoices: ReturnType<typeof useOpenInvoice>;
}

/** Desktop and tablet: the spec's table (invoice number, bill date, product, period, amount, PDF). */
export function BillsTable({ orders, invoices }: BillsViewProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
      <Table aria-label={t('bills.tableLabel')}>
        <TableHead>
          <TableRow
            sx={{
              '& th': {
                fontWeight: 600,
                color: 'text.secondary',
                whiteSpace: 'nowrap',
                bgcolor: 'action.hover',
              },
            }}
          >
            <TableCell>{t('bills.columns.invoiceNumber')}</TableCell>
            <TableCell>{t('bills.columns.billDate')}</TableCell>
            <TableCell>{t('bills.columns.productName')}</TableCell>
            <TableCell>{t('bills.columns.billPeriod')}</TableCell>
            <TableCell align="right">{t('bills.columns.orderAmount')}</TableCell>
            <TableCell align="center">{t('bills.columns.pdf')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => {
            const interval = intervalLabel(order, t);
            return (
              <TableRow key={order.id} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{order.invoice_number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{order.order_date}</TableCell>
                <TableCell>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <span>{order.product_name}</span>
                    {order.kind === 'renewal' ? (
                      <Chip size="small" variant="outlined" label={t('bills.renewal')} />
                    ) : null}
                    {order.credit_note_number ? (
                      <Chip size="small" color="warning" variant="outlined" label={t('bills.refunded')} />
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {billPeriod(order)}
                  </Typography>
                  {interval ? (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {interval}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {order.paid_amount_eur_formatted}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap', py: 0.5 }}>
                  <InvoicePdfButton
                    label={t('bills.openInvoice', { number: order.invoice_number })}
                    loading={invoices.isPending(order.id)}
                    disabled={invoices.busy}
                    onClick={() => void invoices.open(order)}
                  />
                  {order.credit_note_number ? (
                    <InvoicePdfButton
                      variant="credit_note"
                      label={t('bills.openCreditNote', { number: order.credit_note_number })}
                      loading={invoices.isPending(order.id, 'credit_note')}
                      disabled={invoices.busy}
                      onClick={() => void invoices.open(order, 'credit_note')}
                    />
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
