import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import MedicalInformationOutlinedIcon from '@mui/icons-material/MedicalInformationOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import {
  isAccountMenuItemVisible,
  type AccountMenuItem,
  type BrandConfig,
  type PetResource,
} from '@pet/contract';
import type { PetSection } from '@/lib/paths';

/** The sidebar of account-area section 2, Shell, as data: the Sidebar renders it. */

export interface MenuLink {
  labelKey: string;
  to: string;
  Icon: ComponentType<SvgIconProps>;
  /** Only the exact path marks it current (Home would otherwise match every /dashboard/...). */
  exact?: boolean;
}

export const HOME_LINK: MenuLink = {
  labelKey: 'nav.home',
  to: '/dashboard',
  Icon: HomeOutlinedIcon,
  exact: true,
};
export const EVENTS_LINK: MenuLink = {
  labelKey: 'nav.events',
  to: '/dashboard/my-appointments',
  Icon: EventNoteOutlinedIcon,
};
export const EMERGENCY_LINK: MenuLink = {
  labelKey: 'nav.emergencyFiles',
  to: '/emergency-data',
  Icon: MedicalInformationOutlinedIcon,
};
export const ACCOUNT_GROUP = { labelKey: 'nav.myAccount', Icon: ManageAccountsOutlinedIcon } as const;

/** The entries under each pet, in the spec's order. */
export const PET_MENU_ITEMS: ReadonlyArray<{ section: PetSection; labelKey: string }> = [
  { section: 'my-pet', labelKey: 'nav.myPet' },
  { section: 'medical-data', labelKey: 'nav.medicalData' },
  { section: 'document-safe', labelKey: 'nav.documentSafe' },
  { section: 'contacts', labelKey: 'nav.contacts' },
  { section: 'vet-findings', labelKey: 'nav.findings' },
];

/**
 * What each pet entry shows of the pet: a shared pet lists only what the role may read. My Animal
 * is the profile's editor, so it needs 'update' (the pet dashboard shows the profile to everyone).
 */
export function petSectionAction(section: PetSection): 'read' | 'update' {
  return section === 'my-pet' ? 'update' : 'read';
}

export const PET_MENU_RESOURCES: Readonly<Record<PetSection, PetResource>> = {
  'my-pet': 'profile',
  'medical-data': 'medical',
  'document-safe': 'document',
  contacts: 'contact',
  'vet-findings': 'document',
  appointments: 'appointment',
};

export interface AccountMenuEntry {
  item: AccountMenuItem;
  labelKey: string;
  /** Absent for Change language, which opens the language dialog instead of a page. */
  to?: string;
}

/** My account entries in the spec's order; brands hide some (isAccountMenuItemVisible). */
export const ACCOUNT_MENU: readonly AccountMenuEntry[] = [
  { item: 'profile', labelKey: 'nav.profile', to: '/my-account/profile' },
  { item: 'bills', labelKey: 'nav.bills', to: '/my-account/bills' },
  { item: 'subscription', labelKey: 'nav.subscription', to: '/my-account/subscription' },
  { item: 'activateProduct', labelKey: 'nav.activateProduct', to: '/my-account/activate-product' },
  { item: 'changePassword', labelKey: 'nav.changePassword', to: '/my-account/change-password' },
  { item: 'cancelSubscription', labelKey: 'nav.cancelSubscription', to: '/my-account/cancel-subscription' },
  { item: 'deleteAccount', labelKey: 'nav.deleteAccount', to: '/my-account/delete-account' },
  {
    item: 'updatePaymentDetails',
    labelKey: 'nav.updatePaymentDetails',
    to: '/my-account/update-payment-details',
  },
  { item: 'trackers', labelKey: 'nav.trackers', to: '/my-account/trackers' },
  { item: 'changeLanguage', labelKey: 'nav.changeLanguage' },
];

export function visibleAccountMenu(
  brand: BrandConfig,
  productInternalNote: string | null | undefined,
): AccountMenuEntry[] {
  return ACCOUNT_MENU.filter((entry) => isAccountMenuItemVisible(brand, entry.item, productInternalNote));
}

/** Is `to` the current page (or, unless exact, an ancestor of it)? */
export function isCurrentPath(pathname: string, to: string, exact = false): boolean {
  if (pathname === to) return true;
  return !exact && pathname.startsWith(`${to}/`);
}
