import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';

/** Unknown paths: a 404 that offers the way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorState
      icon={
        <Typography
          component="span"
          sx={{ fontSize: 72, fontWeight: 800, lineHeight: 1, letterSpacing: '-0.03em' }}
        >
          404
        </Typography>
      }
      title={t('errors.notFoundTitle')}
      description={t('errors.notFoundText')}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}
