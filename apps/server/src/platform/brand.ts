import fp from 'fastify-plugin';
import { BRANDS, brandConfig, brandForHost, type BrandConfig, type BrandId } from '@pet/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of this request, from its host name (falling back to BRAND). */
    brand: BrandConfig;
  }
}

export interface BrandPluginOptions {
  hostMap: Record<string, BrandId>;
  fallback: BrandId;
}

/** Resolves every request's brand once, so one deployment can serve several brands. */
export const brandPlugin = fp<BrandPluginOptions>(
  async (app, options) => {
    app.decorateRequest('brand', null as unknown as BrandConfig);
    // Per host name, remembered (bounded: the Host header is the client's choice).
    const byHost = new Map<string, BrandConfig>();
    // A callback hook, not async: one promise less on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      const host = request.hostname;
      let brand = byHost.get(host);
      if (!brand) {
        brand = brandConfig(brandForHost(host, options.hostMap, options.fallback));
        if (byHost.size >= 1_000) byHost.clear();
        byHost.set(host, brand);
      }
      request.brand = brand;
      done();
    });
  },
  { name: 'brand' },
);

/** The brand a user, plan or code belongs to (by its partner id); the fallback for unknown ids. */
export function brandForPartner(partnerId: string, fallback: BrandId): BrandConfig {
  return Object.values(BRANDS).find((brand) => brand.partnerId === partnerId) ?? brandConfig(fallback);
}

/** Where a brand's mail links point: its own host when BRAND_HOSTS names one, else PUBLIC_URL. */
export function originForBrand(
  config: { publicUrl: string; brandHosts: Record<string, BrandId> },
  brand: BrandConfig,
): string {
  const host = Object.entries(config.brandHosts).find(([, id]) => id === brand.id)?.[0];
  return host ? `${new URL(config.publicUrl).protocol}//${host}` : config.publicUrl;
}
