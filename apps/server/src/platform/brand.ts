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

/**
 * The brands of this deployment, built once from config: the one place that turns a partner id
 * into a brand and a brand into the origin its mail links point to.
 */
export interface Brands {
  /** The brand a user, plan or code belongs to (by its partner id); the fallback for unknown ids. */
  forPartner(partnerId: string): BrandConfig;
  /** Where a brand's mail links point: its own host when BRAND_HOSTS names one, else PUBLIC_URL. */
  originFor(brand: BrandConfig): string;
}

export function createBrands(config: {
  defaultBrand: BrandId;
  publicUrl: string;
  brandHosts: Record<string, BrandId>;
}): Brands {
  return {
    forPartner: (partnerId) =>
      Object.values(BRANDS).find((brand) => brand.partnerId === partnerId) ??
      brandConfig(config.defaultBrand),
    originFor: (brand) => {
      const host = Object.entries(config.brandHosts).find(([, id]) => id === brand.id)?.[0];
      return host ? `${new URL(config.publicUrl).protocol}//${host}` : config.publicUrl;
    },
  };
}
