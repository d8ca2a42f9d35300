import Link from '@mui/material/Link';
import { useTranslation } from '@/lib/i18n-react';

/** Messages the spec shows with the support e-mail as a link (Code_Expired_Text and the like). */
export const KEYS_WITH_SUPPORT_LINK: ReadonlySet<string> = new Set([
  'Code_Expired_Text',
  'Order_Not_From_Payment_Screen_Text',
  'Payments_Unavailable_Text',
  'Something_Went_Wrong_Text',
]);

/** A translated message, followed by the brand's support address as a mailto link when it asks for it. */
export function SupportMessage({
  text,
  supportEmail,
  withLink,
}: {
  text: string;
  supportEmail: string;
  withLink: boolean;
}) {
  const { t } = useTranslation();
  if (!withLink) return <>{text}</>;
  return (
    <>
      {text}{' '}
      <Link
        href={`mailto:${supportEmail}`}
        color="inherit"
        underline="always"
        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
        aria-label={t('subscription.common.writeSupport', { email: supportEmail })}
      >
        {supportEmail}
      </Link>
    </>
  );
}
