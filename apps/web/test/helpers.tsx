import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from '@/lib/router';
import { vi } from 'vitest';
import {
  BRANDS,
  IDENTITY_HEADER,
  type BrandId,
  type Product,
  type ProductVisibilityState,
  type PublicConfig,
  type UiLanguage,
  type UserInfo,
} from '@pet/contract';
import { App } from '@/app/App';
import { buildRouteObjects } from '@/app/router';
import { setIdentityId, setUnauthorizedHandler } from '@/lib/api-client';
import { createI18n } from '@/lib/i18n';
import { createSessionStore, setSignOutTarget } from '@/lib/session';

/** A paid plan as the user info carries it. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'plan-basic',
    name: 'Basic',
    sequence: 1,
    monthly_price: 2.99,
    yearly_price: 29.99,
    monthly_price_id: 'price_m',
    yearly_price_id: 'price_y',
    is_default: false,
    pets_limit: 3,
    documents_limit: 100,
    gps_tracking: false,
    medical: true,
    appointments: true,
    duration: null,
    stripe_id: 'prod_basic',
    internal_note: '',
    ...overrides,
  };
}

/** A signed-in owner with two pets, as GET /v1/auth/myinfo answers. */
export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'user-1',
    name: 'Anna Muster',
    image_url: null,
    email: 'anna@example.com',
    language: 'English',
    stay_loggedin: true,
    product: makeProduct(),
    product_associated: true,
    tracker_ids: [],
    stripe_subscription_end: null,
    stripe_price_id: null,
    stripe_customer_id: null,
    is_promo: false,
    is_gift: false,
    is_trial: false,
    trial_months: null,
    activation_code_type: 'single',
    downgrading: false,
    zipcode: null,
    phone: null,
    address_1: null,
    address_2: null,
    city: null,
    country: null,
    pets: [
      { id: 'pet-1', name: 'Bello', image_url: null, type: 'Dog' },
      { id: 'pet-2', name: 'Minka', image_url: null, type: 'Cat' },
    ],
    ...overrides,
  };
}

export function makeConfig(brandId: BrandId = 'primepet'): PublicConfig {
  return {
    brand: BRANDS[brandId],
    identity: { google: false, magicLink: true },
    payments: { provider: 'sandbox', publishableKey: null, sepaPrenotificationDays: 5 },
    publicUrl: 'http://localhost:3000',
    version: 'test',
  };
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, key: string, message = key): Response {
  return json({ statusCode: status, error: 'Error', message, key }, status);
}

export interface FakeApiOptions {
  brand?: BrandId;
  /** null = signed out (myinfo answers 401). */
  user?: UserInfo | null;
  /** Extra answers by "METHOD /path" (without query), checked before the defaults. */
  routes?: Record<string, Responder>;
  configFails?: boolean;
}

/** The state of the newest fake API (renderApp reads it). */
let currentFakeState: { user: UserInfo | null } | null = null;

/** Stubs fetch with the few calls the shell makes; records every call. */
export function installFakeApi(options: FakeApiOptions = {}) {
  const calls: RecordedCall[] = [];
  const state = {
    user: options.user === undefined ? makeUser() : options.user,
    configFails: options.configFails,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const custom = options.routes?.[`${call.method} ${path}`];
    if (custom) return custom(call);
    if (path === '/v1/config') {
      return state.configFails ? apiError(503, 'Failure_Call_Text') : json(makeConfig(options.brand));
    }
    if (path === '/v1/auth/myinfo') {
      return state.user ? json(state.user) : apiError(401, 'Session_Expired_Text');
    }
    if (path === '/identity/sign-out') {
      state.user = null;
      return json({ success: true });
    }
    return apiError(404, 'Not_Found_Text');
  });
  vi.stubGlobal('fetch', fetchMock);
  currentFakeState = state;
  return {
    calls,
    fetchMock,
    state,
    callsTo: (method: string, path: string) =>
      calls.filter(
        (call) => call.method === method && new URL(call.url, 'http://localhost').pathname === path,
      ),
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
}

export interface RenderAppOptions {
  language?: UiLanguage;
  productVisibility?: ProductVisibilityState;
}

/** The whole app (providers, config gate, guards, shell) on a memory router at `path`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  setIdentityId(null);
  setUnauthorizedHandler(null);
  setSignOutTarget(null);
  const queryClient = createTestQueryClient();
  // The session as the app keeps it (lib/session.ts), without retries so failures show at once.
  const session = createSessionStore({ retry: false });
  // One language (issue 14.4): the signed-in UI speaks the account's stored language, so a test
  // that renders in German has a German account unless it set the user's language itself.
  if (options.language === 'de' && currentFakeState?.user?.language === 'English') {
    currentFakeState.user = { ...currentFakeState.user, language: 'German' };
  }
  const i18n = createI18n(options.language ?? 'en');
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <App
      session={session}
      queryClient={queryClient}
      i18n={i18n}
      router={router}
      productVisibility={options.productVisibility}
    />,
  );
  return { ...view, router, queryClient, session, i18n, user };
}

export function identityHeaderOf(call: RecordedCall | undefined): string | null {
  return call?.headers.get(IDENTITY_HEADER) ?? null;
}

export function locationOf(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
