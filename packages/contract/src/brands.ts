import { z } from 'zod';
import { creditorIdValid } from './sepa.ts';
import { UNLIMITED_DOCUMENTS } from './constants.ts';
import { documentsLimitSchema } from './entities/subscription.ts';
import { ACCOUNT_MENU_ITEMS } from './account-menu.ts';

/**
 * Brand variants as configuration. One build serves every brand; the server picks the brand of a
 * request from its host name (falling back to BRAND) and answers it at GET /v1/config.
 * Everything the spec says varies between variants lives here and nowhere else.
 */

export const BRAND_IDS = ['primepet', 'hundeschutz', 'gpstracker', 'tierfritz', 'petclub'] as const;
export const brandIdSchema = z.enum(BRAND_IDS);
export type BrandId = z.infer<typeof brandIdSchema>;
export const DEFAULT_BRAND: BrandId = 'primepet';

export const SPECIES = ['Dog', 'Cat', 'Other'] as const;
export const speciesSchema = z.enum(SPECIES);
export type Species = z.infer<typeof speciesSchema>;

export const accountMenuItemSchema = z.enum(ACCOUNT_MENU_ITEMS);

/** Registration code choice; stored as product_associated (account-area section 2). */
export const CODE_CHOICES = ['yes', 'no', 'without'] as const;
export const codeChoiceSchema = z.enum(CODE_CHOICES);
export type CodeChoice = z.infer<typeof codeChoiceSchema>;

/**
 * Product-visibility behaviour (account-area section 4): `standard` shows the full layout;
 * `activationFirst` is the dog brand's flow (hideall while signing in, hidesidebar on the
 * activation page until a product is attached).
 */
export const productVisibilitySchema = z.enum(['standard', 'activationFirst']);
export type ProductVisibility = z.infer<typeof productVisibilitySchema>;
export const PRODUCT_VISIBILITY_STATES = ['donthide', 'hidesidebar', 'hideall', 'Loading'] as const;
export type ProductVisibilityState = (typeof PRODUCT_VISIBILITY_STATES)[number];

export const planSeedSchema = z.object({
  /** Stable key of the plan within its brand (used by seeds and the operator command). */
  key: z.string().min(1),
  name: z.string().min(1),
  sequence: z.number().int().min(0).max(4),
  is_default: z.boolean(),
  monthly_price: z.number().min(0),
  yearly_price: z.number().min(0),
  pets_limit: z.number().int().min(1),
  documents_limit: documentsLimitSchema,
  gps_tracking: z.boolean(),
  medical: z.boolean(),
  appointments: z.boolean(),
  /** Months; only the tracker brand sells by duration (1, 12, 24). */
  duration: z.union([z.literal(1), z.literal(12), z.literal(24)]).nullable(),
  internal_note: z.string(),
});
export type PlanSeed = z.infer<typeof planSeedSchema>;

export const marketingLinksSchema = z.object({
  home: z.url(),
  contact: z.url(),
  /** {host}#preise */
  prices: z.url(),
  /** {host}/conditions */
  conditions: z.url(),
  /** {host}/dataprotectionpdf */
  dataProtection: z.url(),
});

export const brandConfigSchema = z.object({
  id: brandIdSchema,
  /** The spec's partner_id / platform: users, plans and codes belong to it. */
  partnerId: z.string().min(1),
  name: z.string().min(1),
  /** Path of the logo served by the web app (public folder). */
  logo: z.string().startsWith('/'),
  species: z.array(speciesSchema).min(1),
  hiddenMenuItems: z.array(accountMenuItemSchema),
  /** Cancel subscription hidden when the user's product internal note is Promo (dog brand). */
  hideCancelForPromo: z.boolean(),
  showRegisterLink: z.boolean(),
  tracker: z.object({
    /** Asks a GPS tracker id at registration and activation; sells plans by duration. */
    enabled: z.boolean(),
    /** App-download block on the sign-in screen. */
    appDownloadBlock: z.boolean(),
    /**
     * One-time price of the GPS tracker in euro (49.95, 49.99 or 59 by brand), added to the first
     * order of a user who has no tracker yet; 0 where no tracker is sold.
     */
    oneTimePrice: z.number().min(0),
  }),
  codeChoices: z.array(codeChoiceSchema).min(1),
  productVisibility: productVisibilitySchema,
  /** false for tier-fritz: no order from the payment screen, a message is shown instead. */
  canOrderFromPaymentScreen: z.boolean(),
  couponField: z.boolean(),
  /** Monthly/Yearly choice on plan cards (never in the tracker brand). */
  intervalChoice: z.boolean(),
  marketing: marketingLinksSchema,
  faqUrl: z.url(),
  supportEmail: z.email(),
  appStoreBadges: z.boolean(),
  limits: z.object({
    /** Pet-limit upsell: shown when the plan sequence is below this. */
    petUpsellBelowSequence: z.number().int(),
    petUpsellButton: z.boolean(),
    /** Appointment limit message links to the subscription page (not for tier-fritz). */
    appointmentLimitLink: z.boolean(),
    /** Emergency download refused for sequence 0 (tier-fritz: Download_Not_Allowed_Text). */
    emergencyDownloadMinSequence: z.number().int(),
    /** Pet is preselected in the appointment form when the user has exactly one pet. */
    preselectSinglePet: z.boolean(),
  }),
  /** Translation overrides per language: key to text. */
  wording: z.object({
    en: z.record(z.string(), z.string()),
    de: z.record(z.string(), z.string()),
  }),
  plans: z.array(planSeedSchema).min(1),
  /** The seller on invoices (section 14 UStG): legal name, address and VAT id. */
  seller: z.object({
    legalName: z.string().min(1),
    street: z.string().min(1),
    postalCode: z.string().min(1),
    city: z.string().min(1),
    country: z.string().length(2),
    vatId: z.string().min(1),
    /** Prefix of the invoice numbers, e.g. PP-2026-000001. */
    invoicePrefix: z.string().min(1),
    /**
     * SEPA creditor identifier (Gläubiger-Identifikationsnummer, e.g. DE98ZZZ09999999999): printed
     * with the mandate reference on the mandate text, every pre-notification and every invoice.
     */
    creditorId: z.string().refine(creditorIdValid, 'not a valid SEPA creditor identifier'),
  }),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

function marketing(host: string): BrandConfig['marketing'] {
  return {
    home: `${host}/`,
    contact: `${host}/kontakt`,
    prices: `${host}/#preise`,
    conditions: `${host}/conditions`,
    dataProtection: `${host}/dataprotectionpdf`,
  };
}

const standardPlans: PlanSeed[] = [
  {
    key: 'free',
    name: 'Free',
    sequence: 0,
    is_default: true,
    monthly_price: 0,
    yearly_price: 0,
    pets_limit: 1,
    documents_limit: 5,
    gps_tracking: false,
    medical: false,
    appointments: false,
    duration: null,
    internal_note: 'Default',
  },
  {
    key: 'basic',
    name: 'Basic',
    sequence: 1,
    is_default: false,
    monthly_price: 2.99,
    yearly_price: 29.99,
    pets_limit: 3,
    documents_limit: 100,
    gps_tracking: false,
    medical: true,
    appointments: true,
    duration: null,
    internal_note: '',
  },
  {
    key: 'premium',
    name: 'Premium',
    sequence: 2,
    is_default: false,
    monthly_price: 5.99,
    yearly_price: 59.99,
    pets_limit: 10,
    documents_limit: UNLIMITED_DOCUMENTS,
    gps_tracking: true,
    medical: true,
    appointments: true,
    duration: null,
    internal_note: '',
  },
];

const base = {
  species: [...SPECIES],
  hiddenMenuItems: [],
  hideCancelForPromo: false,
  showRegisterLink: true,
  tracker: { enabled: false, appDownloadBlock: false, oneTimePrice: 0 },
  codeChoices: [...CODE_CHOICES],
  productVisibility: 'standard',
  canOrderFromPaymentScreen: true,
  couponField: true,
  intervalChoice: true,
  appStoreBadges: true,
  limits: {
    petUpsellBelowSequence: 3,
    petUpsellButton: true,
    appointmentLimitLink: true,
    emergencyDownloadMinSequence: 0,
    preselectSinglePet: false,
  },
  wording: { en: {}, de: {} },
  plans: standardPlans,
} satisfies Partial<BrandConfig>;

export const BRANDS: Record<BrandId, BrandConfig> = {
  primepet: {
    ...base,
    id: 'primepet',
    partnerId: 'primepet',
    name: 'Prime Pet',
    logo: '/brands/primepet.svg',
    marketing: marketing('https://www.prime-pet.de'),
    faqUrl: 'https://www.prime-pet.de/faq',
    supportEmail: 'support@prime-pet.de',
    seller: {
      legalName: 'Prime Pet GmbH',
      street: 'Friedrichstraße 123',
      postalCode: '10117',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE312345678',
      invoicePrefix: 'PP',
      creditorId: 'DE32ZZZ00000123456',
    },
  },
  hundeschutz: {
    ...base,
    id: 'hundeschutz',
    partnerId: 'hundeschutz',
    name: 'Hunde-Schutz',
    logo: '/brands/hundeschutz.svg',
    species: ['Dog'],
    hiddenMenuItems: ['bills'],
    hideCancelForPromo: true,
    productVisibility: 'activationFirst',
    marketing: marketing('https://www.hunde-schutz.de'),
    faqUrl: 'https://www.hunde-schutz.de/faq',
    supportEmail: 'service@hunde-schutz.de',
    seller: {
      legalName: 'Hunde-Schutz GmbH',
      street: 'Hafenstraße 8',
      postalCode: '20359',
      city: 'Hamburg',
      country: 'DE',
      vatId: 'DE298765432',
      invoicePrefix: 'HS',
      creditorId: 'DE51ZZZ00000234567',
    },
    limits: { ...base.limits, petUpsellBelowSequence: 4, petUpsellButton: false, preselectSinglePet: true },
    wording: {
      en: {
        Medical_Empty_Text: 'No entries yet for your dog. Add the first one with the plus button.',
        Select_Pet_Text: 'Your dog',
      },
      de: {
        Medical_Empty_Text:
          'Für Ihren Hund gibt es noch keine Einträge. Legen Sie den ersten mit dem Plus an.',
        Select_Pet_Text: 'Ihr Hund',
      },
    },
    plans: [
      { ...standardPlans[0]!, pets_limit: 1 },
      { ...standardPlans[1]!, key: 'protect', name: 'Schutz', sequence: 1, pets_limit: 1 },
      {
        ...standardPlans[1]!,
        key: 'protectplus',
        name: 'Schutz Plus',
        sequence: 2,
        pets_limit: 2,
        monthly_price: 4.99,
        yearly_price: 49.99,
      },
      {
        ...standardPlans[2]!,
        key: 'premium',
        name: 'Premium',
        sequence: 3,
        pets_limit: 3,
        gps_tracking: false,
      },
      {
        ...standardPlans[2]!,
        key: 'promo',
        name: 'Promo',
        sequence: 4,
        pets_limit: 5,
        monthly_price: 0,
        yearly_price: 0,
        internal_note: 'Promo',
      },
    ],
  },
  gpstracker: {
    ...base,
    id: 'gpstracker',
    partnerId: 'gpstracker',
    name: 'Pet GPS Tracker',
    logo: '/brands/gpstracker.svg',
    hiddenMenuItems: ['bills', 'updatePaymentDetails'],
    tracker: { enabled: true, appDownloadBlock: true, oneTimePrice: 49.99 },
    codeChoices: ['yes', 'no'],
    couponField: false,
    intervalChoice: false,
    marketing: marketing('https://www.pet-gps-tracker.de'),
    faqUrl: 'https://www.pet-gps-tracker.de/faq',
    supportEmail: 'support@pet-gps-tracker.de',
    seller: {
      legalName: 'Pet GPS Tracker GmbH',
      street: 'Leopoldstraße 40',
      postalCode: '80802',
      city: 'München',
      country: 'DE',
      vatId: 'DE287654321',
      invoicePrefix: 'GPS',
      creditorId: 'DE70ZZZ00000345678',
    },
    plans: [
      { ...standardPlans[0]!, duration: null },
      {
        ...standardPlans[2]!,
        key: 'basis1',
        name: 'BASIS 1',
        sequence: 1,
        duration: 1,
        monthly_price: 4.99,
        yearly_price: 0,
        pets_limit: 1,
      },
      {
        ...standardPlans[2]!,
        key: 'basis12',
        name: 'BASIS 12',
        sequence: 2,
        duration: 12,
        monthly_price: 0,
        yearly_price: 49.99,
        pets_limit: 1,
      },
      {
        ...standardPlans[2]!,
        key: 'basis24',
        name: 'BASIS 24',
        sequence: 3,
        duration: 24,
        monthly_price: 0,
        yearly_price: 89.99,
        pets_limit: 1,
      },
    ],
  },
  tierfritz: {
    ...base,
    id: 'tierfritz',
    partnerId: 'tierfritz',
    name: 'tier-fritz',
    logo: '/brands/tierfritz.svg',
    canOrderFromPaymentScreen: false,
    marketing: marketing('https://www.tier-fritz.de'),
    faqUrl: 'https://www.tier-fritz.de/faq',
    supportEmail: 'kontakt@tier-fritz.de',
    seller: {
      legalName: 'tier-fritz GmbH',
      street: 'Ehrenstraße 12',
      postalCode: '50672',
      city: 'Köln',
      country: 'DE',
      vatId: 'DE276543210',
      invoicePrefix: 'TF',
      creditorId: 'DE89ZZZ00000456789',
    },
    limits: {
      ...base.limits,
      appointmentLimitLink: false,
      emergencyDownloadMinSequence: 1,
      preselectSinglePet: true,
    },
  },
  petclub: {
    ...base,
    id: 'petclub',
    partnerId: 'petclub',
    name: 'Pet Club',
    logo: '/brands/petclub.svg',
    showRegisterLink: false,
    marketing: marketing('https://www.petclub-portal.de'),
    faqUrl: 'https://www.petclub-portal.de/faq',
    supportEmail: 'hilfe@petclub-portal.de',
    seller: {
      legalName: 'Pet Club Portal GmbH',
      street: 'Königstraße 20',
      postalCode: '70173',
      city: 'Stuttgart',
      country: 'DE',
      vatId: 'DE265432109',
      invoicePrefix: 'PC',
      creditorId: 'DE87ZZZ00000567890',
    },
  },
};

/**
 * The cancel entry (account-area section 4): in these brands a plan up to this sequence goes
 * straight to the termination, without the choice (the dog brand: its plans up to sequence 2).
 * Beside the brands' config rather than in it: the config is GET /v1/config's answer, whose
 * schema is part of the OpenAPI document.
 */
export const DIRECT_TERMINATION_MAX_SEQUENCE: Readonly<Partial<Record<BrandId, number>>> = {
  hundeschutz: 2,
};

export function brandConfig(id: BrandId): BrandConfig {
  return BRANDS[id];
}

/**
 * Brand of a request from its host name: an explicit host map first, then `<brandId>.localhost`
 * (and `<brandId>.<anything>` as first label), then the fallback.
 */
export function brandForHost(
  host: string | undefined,
  hostMap: Readonly<Record<string, BrandId>>,
  fallback: BrandId,
): BrandId {
  if (!host) return fallback;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const mapped = hostMap[name];
  if (mapped) return mapped;
  const firstLabel = name.split('.')[0] ?? '';
  const byLabel = BRAND_IDS.find((id) => id === firstLabel.replace(/-/g, ''));
  if (byLabel && name.split('.').length > 1) return byLabel;
  return fallback;
}
