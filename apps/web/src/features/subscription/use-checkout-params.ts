import { useCallback } from 'react';
import { useSearchParams } from '@/lib/router';
import { PAY_TYPES, type PayType } from '@pet/contract';

/**
 * The payment step lives in the URL (?product_id=&pay_type=), so a reload, the browser's back
 * button and the sign-in round trip of the checkout page keep the step. Other parameters (the
 * mobile app's tokenI / tokenA) are kept as they are.
 */
export const SUBSCRIPTION_PATH = '/my-account/subscription';
export const SUCCESS_PATH = '/my-account/subscription/successful';
export const PRODUCT_PARAM = 'product_id';
export const PAY_TYPE_PARAM = 'pay_type';

export function parsePayType(value: string | null | undefined): PayType | null {
  return value && (PAY_TYPES as readonly string[]).includes(value) ? (value as PayType) : null;
}

/** /my-account/subscription?product_id=…&pay_type=…: the payment step of a plan. */
export function paymentStepPath(productId: string, payType: PayType): string {
  const params = new URLSearchParams({ [PRODUCT_PARAM]: productId, [PAY_TYPE_PARAM]: payType });
  return `${SUBSCRIPTION_PATH}?${params.toString()}`;
}

export function successPath(orderId: string): string {
  return `${SUCCESS_PATH}?${new URLSearchParams({ order_id: orderId }).toString()}`;
}

export function useCheckoutParams() {
  const [params, setParams] = useSearchParams();
  const productId = params.get(PRODUCT_PARAM) || null;
  const payType = parsePayType(params.get(PAY_TYPE_PARAM));

  const choose = useCallback(
    (nextProductId: string, nextPayType: PayType) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set(PRODUCT_PARAM, nextProductId);
        next.set(PAY_TYPE_PARAM, nextPayType);
        return next;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  const setPayType = useCallback(
    (nextPayType: PayType) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(PAY_TYPE_PARAM, nextPayType);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** Back to the plans: the step's parameters go, so every card starts from its default again. */
  const back = useCallback(() => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(PRODUCT_PARAM);
      next.delete(PAY_TYPE_PARAM);
      return next;
    });
    window.scrollTo({ top: 0 });
  }, [setParams]);

  return { productId, payType, choose, setPayType, back };
}
