import { matchesHostPattern } from 'better-auth';
import { BRANDS, brandConfig, brandForHost, type BrandConfig } from '@pet/contract';
import type { AppConfig } from '../../config.ts';

/** Host names every non-production deployment accepts: `localhost` and `<brand>.localhost`. */
const DEV_HOST_PATTERNS = [
  'localhost',
  'localhost:*',
  '*.localhost',
  '*.localhost:*',
  '127.0.0.1',
  '127.0.0.1:*',
];

/**
 * Which hosts the portal answers as itself: PUBLIC_URL's host, every BRAND_HOSTS host, and (outside
 * production) localhost and *.localhost. Links in mails, the identity service's base URL and its
 * trusted origins follow the host a request came in on when it is one of these, so each brand keeps
 * its own host and cookies; anything else falls back to PUBLIC_URL.
 */
export class HostPolicy {
  readonly protocol: 'http' | 'https';
  readonly secure: boolean;
  readonly allowedHosts: string[];
  readonly publicUrl: string;

  constructor(private readonly config: Pick<AppConfig, 'publicUrl' | 'brandHosts' | 'defaultBrand' | 'env'>) {
    const publicUrl = new URL(config.publicUrl);
    this.publicUrl = config.publicUrl;
    this.protocol = publicUrl.protocol === 'https:' ? 'https' : 'http';
    this.secure = this.protocol === 'https';
    const hosts = new Set<string>([publicUrl.host.toLowerCase()]);
    for (const host of Object.keys(config.brandHosts)) {
      hosts.add(host);
      hosts.add(`${host}:*`);
    }
    if (config.env !== 'production') for (const pattern of DEV_HOST_PATTERNS) hosts.add(pattern);
    this.allowedHosts = [...hosts];
  }

  isAllowedHost(host: string | null | undefined): host is string {
    if (!host) return false;
    const normalized = host.toLowerCase();
    return this.allowedHosts.some((pattern) => matchesHostPattern(normalized, pattern));
  }

  /** The origin links should use for a request that came in on `host`. */
  originForHost(host: string | null | undefined): string {
    return this.isAllowedHost(host) ? `${this.protocol}://${host.toLowerCase()}` : this.publicUrl;
  }

  brandForHost(host: string | null | undefined): BrandConfig {
    return brandConfig(brandForHost(host ?? undefined, this.config.brandHosts, this.config.defaultBrand));
  }

  brandForPartner(partnerId: string): BrandConfig | null {
    return Object.values(BRANDS).find((brand) => brand.partnerId === partnerId) ?? null;
  }

  defaultBrand(): BrandConfig {
    return brandConfig(this.config.defaultBrand);
  }

  betterAuthBaseURL() {
    return { allowedHosts: this.allowedHosts, fallback: this.publicUrl, protocol: this.protocol };
  }

  trustedOrigins(): string[] {
    return this.allowedHosts.map((host) => `${this.protocol}://${host}`);
  }
}
