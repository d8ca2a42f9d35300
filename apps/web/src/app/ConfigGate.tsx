import { useDeferredValue, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import { PageSkeleton } from '@/components/PageSkeleton';
import { ErrorState } from '@/components/ErrorState';
import { BrandProvider } from '@/lib/brand';
import { fetchPublicConfig, publicConfigQueryOptions } from '@/lib/config';
import { applyBrandWording } from '@/lib/i18n-core';

/**
 * The app starts with GET /v1/config: until it answers a spinner, if it fails a retry screen.
 * The brand's wording overrides are laid over the translations as the answer arrives, before
 * any screen renders a text, then the brand is provided to the tree.
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const config = useQuery({
    ...publicConfigQueryOptions,
    queryFn: async ({ signal }) => {
      const answer = await fetchPublicConfig(signal);
      applyBrandWording(i18n, answer.brand.wording);
      return answer;
    },
  });

  // The first screen renders as a transition once the answer is there: React renders it in slices
  // and lets the browser in between, instead of one long task (a query's update is synchronous).
  const data = useDeferredValue(config.data);
  if (data) return <BrandProvider config={data}>{children}</BrandProvider>;
  if (config.isError && !data) {
    return (
      <ErrorState
        fullPage
        role="alert"
        title={t('app.configErrorTitle')}
        description={t('app.configErrorText')}
        onRetry={() => void config.refetch()}
      />
    );
  }
  return <PageSkeleton fullPage sidebar={false} />;
}
