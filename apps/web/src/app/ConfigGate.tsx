import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { PageSkeleton } from '@/components/PageSkeleton';
import { ErrorState } from '@/components/ErrorState';
import { BrandProvider } from '@/lib/brand';
import { createConfigStore } from '@/lib/config';
import { applyBrandWording } from '@/lib/i18n-core';
import { useRemoteValue } from '@/lib/remote-value';

/**
 * The app starts with GET /v1/config: until it answers a spinner, if it fails a retry screen.
 * The brand's wording overrides are laid over the translations as the answer arrives, before
 * any screen renders a text, then the brand is provided to the tree.
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // The config is read here only (the brand goes down through BrandProvider): the store is this
  // gate's own, loaded once per visit.
  const [store] = useState(() =>
    createConfigStore(async (signal, load) => {
      const answer = await load(signal);
      applyBrandWording(i18n, answer.brand.wording);
      return answer;
    }),
  );
  const config = useRemoteValue(store);

  // The first screen renders as a transition once the answer is there: React renders it in slices
  // and lets the browser in between, instead of one long task (a store's update is synchronous).
  const data = useDeferredValue(config.data);
  if (data) return <BrandProvider config={data}>{children}</BrandProvider>;
  if (config.isError && !data) {
    return (
      <ErrorState
        fullPage
        role="alert"
        title={t('app.configErrorTitle')}
        description={t('app.configErrorText')}
        onRetry={() => void store.refetch().catch(() => undefined)}
      />
    );
  }
  return <PageSkeleton fullPage sidebar={false} />;
}
