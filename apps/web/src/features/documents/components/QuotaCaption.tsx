import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import type { DocumentQuota } from '@/features/documents/quota';

/** "3 of 5 documents used": the limit flag beside the add entry (nothing for unlimited plans). */
export function QuotaCaption({ quota }: { quota: DocumentQuota }) {
  const { t } = useTranslation();
  if (quota.unlimited || quota.status !== 'ready') return null;
  return (
    <Typography
      variant="body2"
      sx={{ color: 'text.secondary', whiteSpace: { md: 'nowrap' } }}
      data-testid="document-quota"
    >
      {t('documents.quota', { used: quota.used, limit: quota.limit })}
    </Typography>
  );
}
