import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { PageTitle } from '@/components/PageTitle';
import { useApiErrorMessage } from '@/lib/notifications';
import { useMyOrders } from '../api/list-my-orders';
import { useOpenInvoice } from '../use-open-invoice';
import { BillCards } from './BillCards';
import { BillsTable } from './BillsTable';

/**
 * /my-account/bills (account-area section 2, Bills): the user's invoices as a table (cards on a
 * phone) with a PDF icon per row that opens the invoice in a new tab. No_Orders_Text when there is
 * none. The shell handles the mobile embedding (?tokenI= / ?tokenA= hides the header).
 */
export function BillsPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const orders = useMyOrders();
  const invoices = useOpenInvoice();
  const errorMessage = useApiErrorMessage();

  let content;
  if (orders.isPending) {
    content = <BillsSkeleton phone={phone} />;
  } else if (orders.isError) {
    content = (
      <ErrorState
        role="alert"
        title={t('bills.loadError')}
        description={errorMessage(orders.error)}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (orders.data.length === 0) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 9 }, px: 2 }}>
        <ReceiptLongOutlinedIcon aria-hidden sx={{ fontSize: 64, color: 'text.disabled' }} />
        <Typography variant="h6" component="p" sx={{ maxWidth: 480 }}>
          {t('No_Orders_Text')}
        </Typography>
      </Stack>
    );
  } else if (phone) {
    content = <BillCards orders={orders.data} invoices={invoices} />;
  } else {
    content = <BillsTable orders={orders.data} invoices={invoices} />;
  }

  return (
    <>
      <PageTitle title={title} subtitle={t('bills.subtitle')} />
      <Box aria-busy={orders.isPending || undefined}>{content}</Box>
    </>
  );
}

function BillsSkeleton({ phone }: { phone: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-label={t('bills.loading')} role="status">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={phone ? 148 : 56} />
      ))}
    </Stack>
  );
}
