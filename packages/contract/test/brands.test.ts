import { describe, it, expect } from 'vitest';
import { BRANDS, BRAND_IDS, brandConfigSchema, brandForHost, type BrandId } from '../src/brands.ts';
import { isAccountMenuItemVisible } from '../src/account-menu.ts';

describe('brandForHost', () => {
  const map: Record<string, BrandId> = {
    'www.hunde-schutz.de': 'hundeschutz',
    'portal.tier-fritz.de': 'tierfritz',
  };

  it('uses the explicit host map first (case and port ignored)', () => {
    expect(brandForHost('www.hunde-schutz.de', map, 'primepet')).toBe('hundeschutz');
    expect(brandForHost('WWW.Hunde-Schutz.DE:443', map, 'primepet')).toBe('hundeschutz');
    expect(brandForHost('portal.tier-fritz.de', map, 'primepet')).toBe('tierfritz');
  });

  it('recognises <brand>.localhost and a brand as first label', () => {
    expect(brandForHost('hundeschutz.localhost:3000', {}, 'primepet')).toBe('hundeschutz');
    expect(brandForHost('gpstracker.localhost', {}, 'primepet')).toBe('gpstracker');
    expect(brandForHost('hunde-schutz.example.com', {}, 'primepet')).toBe('hundeschutz');
  });

  it('falls back for unknown, bare or missing hosts', () => {
    expect(brandForHost('example.com', map, 'petclub')).toBe('petclub');
    expect(brandForHost('localhost:3000', map, 'primepet')).toBe('primepet');
    expect(brandForHost('hundeschutz', {}, 'primepet')).toBe('primepet');
    expect(brandForHost(undefined, map, 'tierfritz')).toBe('tierfritz');
    expect(brandForHost('', map, 'tierfritz')).toBe('tierfritz');
  });
});

describe('isAccountMenuItemVisible', () => {
  it('hides Cancel subscription for promo users of the dog brand only', () => {
    expect(isAccountMenuItemVisible(BRANDS.hundeschutz, 'cancelSubscription', 'Promo')).toBe(false);
    expect(isAccountMenuItemVisible(BRANDS.hundeschutz, 'cancelSubscription', '')).toBe(true);
    expect(isAccountMenuItemVisible(BRANDS.hundeschutz, 'cancelSubscription', null)).toBe(true);
    expect(isAccountMenuItemVisible(BRANDS.primepet, 'cancelSubscription', 'Promo')).toBe(true);
  });

  it('hides Bills in the dog and tracker brands and payment details in the tracker brand', () => {
    expect(isAccountMenuItemVisible(BRANDS.hundeschutz, 'bills')).toBe(false);
    expect(isAccountMenuItemVisible(BRANDS.gpstracker, 'bills')).toBe(false);
    expect(isAccountMenuItemVisible(BRANDS.gpstracker, 'updatePaymentDetails')).toBe(false);
    expect(isAccountMenuItemVisible(BRANDS.primepet, 'bills')).toBe(true);
    expect(isAccountMenuItemVisible(BRANDS.hundeschutz, 'updatePaymentDetails')).toBe(true);
  });
});

describe('brand configuration', () => {
  it.each(BRAND_IDS)('%s is a valid config with its own id', (id) => {
    const result = brandConfigSchema.safeParse(BRANDS[id]);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(BRANDS[id].id).toBe(id);
  });

  it('the dog brand only knows dogs', () => {
    expect(BRANDS.hundeschutz.species).toEqual(['Dog']);
  });
});
