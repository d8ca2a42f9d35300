import { createContext, useContext, type ReactNode } from 'react';
import type { BrandConfig, PublicConfig } from '@pet/contract';

const PublicConfigContext = createContext<PublicConfig | null>(null);

/** Provides GET /v1/config to the tree; mounted once the answer is there (app/ConfigGate). */
export function BrandProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={config}>{children}</PublicConfigContext.Provider>;
}

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig must be used inside <BrandProvider>');
  return config;
}

/** The brand of this deployment/host: wording, hidden menu items, limits, links. */
export function useBrand(): BrandConfig {
  return usePublicConfig().brand;
}
