import { useEffect } from 'react';
import Button from '@mui/material/Button';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { isRouteErrorResponse, useRouteError } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from './NotFoundPage';

/** A lazily loaded chunk that is gone (a new version was deployed) or could not be fetched. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/**
 * What a route shows when rendering or loading it failed: a friendly message, a retry (reload,
 * which also fetches a redeployed chunk) and a way home.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <ErrorState
      role="alert"
      icon={<ReportProblemOutlinedIcon />}
      title={t('errors.routeTitle')}
      description={isChunkLoadError(error) ? t('errors.chunkText') : t('errors.routeText')}
      onRetry={() => window.location.reload()}
      actions={
        // A full page load on purpose: it leaves whatever state broke this screen behind.
        <Button variant="outlined" href="/">
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}
