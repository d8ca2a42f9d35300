import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { ContactsPage } from '@/features/contacts/components/ContactsPage';

/** /pet-details/:name/:id/contacts: the pet's contacts, one accordion per contact type. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  return <ContactsPage key={id} title={t(handle?.titleKey ?? 'route.contacts')} petId={id} petName={name} />;
}
