import fp from 'fastify-plugin';
import { brandConfig, brandForHost, type BrandConfig, type BrandId } from '@pet/contract';

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
    app.addHook('onRequest', async (request) => {
      request.brand = brandConfig(brandForHost(request.hostname, options.hostMap, options.fallback));
    });
  },
  { name: 'brand' },
);
