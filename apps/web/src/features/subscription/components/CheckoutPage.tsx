import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { PageSkeleton } from '@/components/PageSkeleton';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { signInPath } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useProducts } from '../api/products';
import { isChoosable, planCardState, trackerOneTimePrice, visiblePlans } from '../plan-rules';
import {
  PAY_TYPE_PARAM,
  PRODUCT_PARAM,
  SUBSCRIPTION_PATH,
  parsePayType,
  paymentStepPath,
  useCheckoutParams,
} from '../use-checkout-params';
import { PlanGrid, PlanGridError, PlanGridSkeleton } from './PlanGrid';

/** Where a signed-in visitor of the checkout continues: the subscription page, with the step's plan. */
function subscriptionTarget(params: URLSearchParams): string {
  const productId = params.get(PRODUCT_PARAM);
  const payType = parsePayType(params.get(PAY_TYPE_PARAM));
  if (productId && payType) return paymentStepPath(productId, payType);
  return productId
    ? `${SUBSCRIPTION_PATH}?${new URLSearchParams({ [PRODUCT_PARAM]: productId }).toString()}`
    : SUBSCRIPTION_PATH;
}

/**
 * /my-account/subscription/checkout (open route, account-area section 2): signed out, the brand's
 * plans with their prices (read-only) and "sign in to buy" per plan, which comes back through
 * /signin?continueUrl= to the payment step of that plan; a link to register. Signed in, it goes
 * straight to /my-account/subscription (with the plan of the link, if any).
 */
export function CheckoutPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const session = useSession();
  const [params] = useSearchParams();
  const { productId, payType } = useCheckoutParams();
  const signedOut = session.status === 'signedOut' || session.status === 'error';
  const products = useProducts(brand.partnerId, null);

  if (session.status === 'loading') return <PageSkeleton variant="cards" />;
  if (session.status === 'signedIn') return <Navigate replace to={subscriptionTarget(params)} />;

  const registerPath = `/register?${new URLSearchParams({ continueUrl: SUBSCRIPTION_PATH }).toString()}`;

  return (
    <>
      <Stack spacing={1} sx={{ textAlign: 'center', alignItems: 'center', mb: 4, mt: { xs: 1, sm: 2 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 560 }}>
          {t('subscription.checkout.subtitle')}
        </Typography>
      </Stack>

      {products.isPending ? (
        <PlanGridSkeleton />
      ) : products.isError ? (
        <PlanGridError error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <PlanGrid
          plans={visiblePlans(products.data.data, null, brand)}
          brand={brand}
          stateOf={() => null}
          trackerPrice={trackerOneTimePrice(brand, null)}
          selectedId={productId}
          initialPayType={(plan) => (plan.id === productId ? payType : null)}
          actionOf={(plan, payType) =>
            isChoosable(planCardState(plan, null, null)) && signedOut ? (
              <Button
                fullWidth
                size="large"
                variant={plan.id === productId ? 'contained' : 'outlined'}
                component={RouterLink}
                to={signInPath(paymentStepPath(plan.id, payType))}
              >
                {t('subscription.checkout.signInToBuy')}
              </Button>
            ) : null
          }
        />
      )}

      <Typography sx={{ textAlign: 'center', mt: 4, color: 'text.secondary' }}>
        {t('subscription.checkout.noAccount')}{' '}
        <Link component={RouterLink} to={registerPath} sx={{ fontWeight: 600 }}>
          {t('subscription.checkout.register')}
        </Link>
      </Typography>
    </>
  );
}
