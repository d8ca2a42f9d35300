import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { BrandConfig, ProductVisibilityState, UserInfo } from '@pet/contract';
import { useBrand } from '@/lib/brand';
import { useSession } from '@/lib/session';

/**
 * Account-area section 4, product-visibility flag: donthide shows the full layout, hidesidebar
 * hides the sidebar (only the activation page), hideall shows a spinner instead of the content
 * (the dog brand while signing in), Loading likewise. The sign-in and activation flows set it.
 */
interface ProductVisibilityValue {
  state: ProductVisibilityState;
  setState: (state: ProductVisibilityState) => void;
}

const ProductVisibilityContext = createContext<ProductVisibilityValue | null>(null);

export function ProductVisibilityProvider({
  initialState = 'donthide',
  children,
}: {
  initialState?: ProductVisibilityState;
  children: ReactNode;
}) {
  const [state, setState] = useState<ProductVisibilityState>(initialState);
  const value = useMemo(() => ({ state, setState }), [state]);
  return <ProductVisibilityContext.Provider value={value}>{children}</ProductVisibilityContext.Provider>;
}

export function useProductVisibility(): ProductVisibilityValue {
  const value = useContext(ProductVisibilityContext);
  if (!value) throw new Error('useProductVisibility must be used inside <ProductVisibilityProvider>');
  return value;
}

export function showsSidebar(state: ProductVisibilityState): boolean {
  return state === 'donthide';
}

export function showsContent(state: ProductVisibilityState): boolean {
  return state === 'donthide' || state === 'hidesidebar';
}

/** The activation page: where hidesidebar and the activation-first brand send a signed-in user. */
export const ACTIVATION_PATH = '/my-account/activate-product';

/**
 * Account-area sections 2 and 4: the activation-first (dog) brand keeps a signed-in user without
 * an associated product on the activation page, without sidebar, until a code is redeemed.
 */
export function activationRequired(
  brand: Pick<BrandConfig, 'productVisibility'>,
  user: Pick<UserInfo, 'product_associated'> | null | undefined,
): boolean {
  return brand.productVisibility === 'activationFirst' && user != null && !user.product_associated;
}

/**
 * The state the layout shows, on every route, typed or linked (issue 14.1): the activation-first
 * brand hides the sidebar for a user without an associated product because of who the user is,
 * not only because the sign-in screen said so, so a reload or a typed URL cannot bypass it. A flag
 * a flow set (hideall while signing in, hidesidebar) is shown as set.
 */
export function visibleState(
  stored: ProductVisibilityState,
  brand: Pick<BrandConfig, 'productVisibility'>,
  user: Pick<UserInfo, 'product_associated'> | null | undefined,
): ProductVisibilityState {
  if (stored !== 'donthide') return stored;
  return activationRequired(brand, user) ? 'hidesidebar' : 'donthide';
}

/** visibleState of the current brand and user (inside the brand provider). */
export function useVisibleState(): ProductVisibilityState {
  const { state } = useProductVisibility();
  const brand = useBrand();
  const session = useSession();
  return visibleState(state, brand, session.user);
}
