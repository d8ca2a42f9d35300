import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { isUnlimitedDocuments, type Product } from '@pet/contract';

/**
 * A plan's features (account-area section 2): pets_limit, documents_limit (100 or more shows as
 * unlimited), GPS tracking and medical data, each included or not.
 */
export function PlanFeatures({ plan, dense = false }: { plan: Product; dense?: boolean }) {
  const { t } = useTranslation();
  const features: Array<{ id: string; text: string; included: boolean }> = [
    {
      id: 'pets',
      text: t('subscription.features.pets', { count: plan.pets_limit }),
      included: true,
    },
    {
      id: 'documents',
      text: isUnlimitedDocuments(plan.documents_limit)
        ? t('subscription.features.documentsUnlimited')
        : t('subscription.features.documents', { count: plan.documents_limit }),
      included: true,
    },
    { id: 'medical', text: t('subscription.features.medical'), included: plan.medical },
    { id: 'gps', text: t('subscription.features.gps'), included: plan.gps_tracking },
  ];
  return (
    <List dense disablePadding aria-label={t('subscription.features.label', { plan: plan.name })}>
      {features.map((feature) => (
        <ListItem key={feature.id} disableGutters sx={{ py: dense ? 0.25 : 0.5, alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 32, mt: 0.25 }}>
            {feature.included ? (
              <CheckCircleIcon fontSize="small" sx={{ color: 'success.main' }} aria-hidden />
            ) : (
              <RemoveCircleOutlineIcon fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              feature.included
                ? feature.text
                : t('subscription.features.notIncluded', { feature: feature.text })
            }
            slotProps={{
              primary: {
                sx: feature.included ? undefined : { color: 'text.secondary' },
              },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
