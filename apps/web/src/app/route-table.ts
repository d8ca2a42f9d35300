import type { AccountMenuItem } from '@pet/contract';
import type { QueryParams } from '@/lib/api-client';
import type { AccessClass, RouteMeta, RouteModule } from './route-handle';

/**
 * THE route table of both spec files (account-area section 2, pet-data section 2): one row per path
 * with its access class (route-handle.ts says where each class sends a visitor who is not signed in), the translation key of its title and its lazily loaded module (each
 * module is its own chunk). router.tsx turns the rows into routes of our router (lib/router).
 *
 * To build a screen, fill its module in app/routes/ (compose feature components there); do not
 * add paths elsewhere. Modules shared by several rows read `meta` through useRouteHandle().
 * Only type imports here: the accessibility journey imports this file as it is, without the app's
 * build (e2e/tests/accessibility.e2e.ts); helpers on the table live beside it (route-of-path.ts).
 */
export interface AppRouteDefinition {
  path: string;
  access: AccessClass;
  titleKey: string;
  module: () => Promise<RouteModule>;
  meta?: RouteMeta;
  /** The sidebar entry of the page: hidden for the brand or product means unreachable. */
  menuItem?: AccountMenuItem;
  /**
   * The GET calls the screen makes first, by the path's params: on a first visit main.tsx starts
   * them while the app's code loads (api-client readEarly), not after the screen has rendered.
   */
  earlyReads?: (params: Readonly<Record<string, string | undefined>>) => readonly EarlyRead[];
}

export interface EarlyRead {
  path: string;
  query?: QueryParams;
}

/** Pet routes carry the pet's name (shown in breadcrumbs) and id (skipped in breadcrumbs). */
export const PET_BASE = '/pet-details/:name/:id';
const MEDICAL = `${PET_BASE}/medical-data`;
/** The pet of a pet page (features/pets/api/fetch-pet.ts). */
const petRead = ({ id }: Readonly<Record<string, string | undefined>>): EarlyRead[] =>
  id ? [{ path: '/v1/pet', query: { pet_id: id } }] : [];
const DOCUMENT_SAFE = `${PET_BASE}/document-safe`;
const VET_FINDINGS = `${PET_BASE}/vet-findings`;

const signin = () => import('./routes/signin');
const register = () => import('./routes/register');
const forgotPassword = () => import('./routes/forgot-password');
const resetPassword = () => import('./routes/reset-password');
const subscriptionCheckout = () => import('./routes/subscription-checkout');
const contractCancellation = () => import('./routes/contract-cancellation');
const dashboard = () => import('./routes/dashboard');
const profile = () => import('./routes/profile');
const profileSettings = () => import('./routes/profile-settings');
const changePassword = () => import('./routes/change-password');
const bills = () => import('./routes/bills');
const subscription = () => import('./routes/subscription');
const subscriptionSuccessful = () => import('./routes/subscription-successful');
const renewalPayment = () => import('./routes/renewal-payment');
const cancelSubscription = () => import('./routes/cancel-subscription');
const cancelSubscriptionSuccessful = () => import('./routes/cancel-subscription-successful');
const updatePaymentDetails = () => import('./routes/update-payment-details');
const paymentUpdateSuccessful = () => import('./routes/payment-update-successful');
const paymentUpdateFailed = () => import('./routes/payment-update-failed');
const deleteAccount = () => import('./routes/delete-account');
const activateProduct = () => import('./routes/activate-product');
const trackers = () => import('./routes/trackers');
const emergencyData = () => import('./routes/emergency-data');
const notAllowed = () => import('./routes/not-allowed');
const petList = () => import('./routes/pet-list');
const newPet = () => import('./routes/new-pet');
const appointments = () => import('./routes/appointments');
const addAppointment = () => import('./routes/add-appointment');
const petDashboard = () => import('./routes/pet-dashboard');
const myPet = () => import('./routes/my-pet');
const contacts = () => import('./routes/contacts');
const lostPetTag = () => import('./routes/lost-pet-tag');
const petExports = () => import('./routes/pet-exports');
const medicalOverview = () => import('./routes/medical-overview');
const medicalList = () => import('./routes/medical-list');
const medicalAdd = () => import('./routes/medical-add');
const documentsOverview = () => import('./routes/documents-overview');
const documentList = () => import('./routes/document-list');
const documentAdd = () => import('./routes/document-add');
const documentView = () => import('./routes/document-view');
const petAccess = () => import('./routes/pet-access');
const petActivity = () => import('./routes/pet-activity');
const shareAccept = () => import('./routes/share-accept');

export const ROUTES: readonly AppRouteDefinition[] = [
  // Signed-out only: a signed-in user goes to /. (/notfall is a server-rendered page:
  // apps/server/src/modules/emergency/public-page.ts.)
  { path: '/signin', access: 'signedOutOnly', titleKey: 'route.signin', module: signin },
  { path: '/register', access: 'signedOutOnly', titleKey: 'route.register', module: register },

  // Open to everyone.
  { path: '/forgot-password', access: 'open', titleKey: 'route.forgotPassword', module: forgotPassword },
  { path: '/reset-password', access: 'open', titleKey: 'route.resetPassword', module: resetPassword },
  {
    path: '/my-account/subscription/checkout',
    access: 'open',
    titleKey: 'route.subscriptionCheckout',
    module: subscriptionCheckout,
  },
  {
    // § 312k BGB: "Verträge hier kündigen", linked from every page's footer.
    path: '/contract-cancellation',
    access: 'open',
    titleKey: 'route.contractCancellation',
    module: contractCancellation,
  },
  // A share invitation's link (issue 35): the preview for anyone holding it, then sign-in,
  // registration or accepting.
  { path: '/share/accept', access: 'open', titleKey: 'route.shareAccept', module: shareAccept },

  // Signed in with a verified e-mail: account and shell.
  { path: '/', access: 'signedInRoot', titleKey: 'route.dashboard', module: dashboard },
  { path: '/dashboard', access: 'signedIn', titleKey: 'route.dashboard', module: dashboard },
  { path: '/my-account', access: 'signedInRoot', titleKey: 'route.profile', module: profile },
  { path: '/my-account/profile', access: 'signedInHome', titleKey: 'route.profile', module: profile },
  {
    path: '/my-account/profile/settings',
    access: 'signedInHome',
    titleKey: 'route.settings',
    module: profileSettings,
  },
  {
    path: '/my-account/change-password',
    access: 'signedIn',
    titleKey: 'route.changePassword',
    module: changePassword,
  },
  {
    path: '/my-account/bills',
    access: 'signedIn',
    titleKey: 'route.bills',
    module: bills,
    menuItem: 'bills',
  },
  {
    path: '/my-account/subscription',
    access: 'signedIn',
    titleKey: 'route.subscription',
    module: subscription,
  },
  {
    path: '/my-account/subscription/successful',
    access: 'signedIn',
    titleKey: 'route.subscriptionSuccessful',
    module: subscriptionSuccessful,
  },
  {
    path: '/my-account/renewal-payment',
    access: 'signedIn',
    titleKey: 'route.renewalPayment',
    module: renewalPayment,
  },
  {
    path: '/my-account/cancel-subscription',
    access: 'signedIn',
    titleKey: 'route.cancelSubscription',
    module: cancelSubscription,
    menuItem: 'cancelSubscription',
  },
  {
    path: '/my-account/cancel-subscription/successful',
    access: 'signedIn',
    titleKey: 'route.cancelSubscriptionSuccessful',
    module: cancelSubscriptionSuccessful,
    menuItem: 'cancelSubscription',
  },
  {
    path: '/my-account/update-payment-details',
    access: 'signedIn',
    titleKey: 'route.updatePaymentDetails',
    module: updatePaymentDetails,
    menuItem: 'updatePaymentDetails',
  },
  {
    path: '/my-account/payment-update/successful',
    access: 'signedIn',
    titleKey: 'route.paymentUpdateSuccessful',
    module: paymentUpdateSuccessful,
    menuItem: 'updatePaymentDetails',
  },
  {
    path: '/my-account/payment-update/failed',
    access: 'signedIn',
    titleKey: 'route.paymentUpdateFailed',
    module: paymentUpdateFailed,
    menuItem: 'updatePaymentDetails',
  },
  {
    path: '/my-account/delete-account',
    access: 'signedIn',
    titleKey: 'route.deleteAccount',
    module: deleteAccount,
  },
  {
    path: '/my-account/activate-product',
    access: 'signedIn',
    titleKey: 'route.activateProduct',
    module: activateProduct,
  },
  {
    // Tracker labels (account-area section 3), read-only; the spec names no path: this one.
    path: '/my-account/trackers',
    access: 'signedIn',
    titleKey: 'route.trackers',
    module: trackers,
    menuItem: 'trackers',
  },
  { path: '/emergency-data', access: 'signedIn', titleKey: 'route.emergencyData', module: emergencyData },
  // The spec's "not-allowed route" (path not shown) for free-plan users on add pages.
  { path: '/not-allowed', access: 'signedIn', titleKey: 'route.notAllowed', module: notAllowed },

  // Pet lists and profile.
  { path: '/pets', access: 'signedIn', titleKey: 'route.myPets', module: petList },
  { path: '/dashboard/my-pets', access: 'signedIn', titleKey: 'route.myPets', module: petList },
  { path: '/dashboard/new-pet', access: 'signedIn', titleKey: 'route.newPet', module: newPet },
  {
    path: '/dashboard/my-appointments',
    access: 'signedIn',
    titleKey: 'route.appointments',
    module: appointments,
    meta: { kind: 'appointments', scope: 'all' },
  },
  {
    path: '/dashboard/my-appointments/add-appointment',
    access: 'signedIn',
    titleKey: 'route.addAppointment',
    module: addAppointment,
    meta: { kind: 'appointments', scope: 'all' },
  },
  {
    path: PET_BASE,
    access: 'signedIn',
    titleKey: 'route.petDashboard',
    module: petDashboard,
    earlyReads: petRead,
  },
  {
    path: `${PET_BASE}/my-pet`,
    access: 'signedIn',
    titleKey: 'route.myPet',
    module: myPet,
    earlyReads: petRead,
  },
  { path: `${PET_BASE}/contacts`, access: 'signedIn', titleKey: 'route.contacts', module: contacts },
  {
    path: `${PET_BASE}/lost-pet-tag`,
    access: 'signedIn',
    titleKey: 'route.lostPetTag',
    module: lostPetTag,
  },
  { path: `${PET_BASE}/exports`, access: 'signedIn', titleKey: 'route.petExports', module: petExports },
  // Sharing (issue 35): who has access (the owner), the activity log (owner and co-owners).
  { path: `${PET_BASE}/access`, access: 'signedIn', titleKey: 'route.petAccess', module: petAccess },
  { path: `${PET_BASE}/activity`, access: 'signedIn', titleKey: 'route.petActivity', module: petActivity },
  {
    path: `${PET_BASE}/appointments`,
    access: 'signedIn',
    titleKey: 'route.petAppointments',
    module: appointments,
    meta: { kind: 'appointments', scope: 'pet' },
  },
  {
    path: `${PET_BASE}/appointments/add-appointment`,
    access: 'signedIn',
    titleKey: 'route.addAppointment',
    module: addAppointment,
    meta: { kind: 'appointments', scope: 'pet' },
  },

  // Medical data: overview, then list and add per kind.
  { path: MEDICAL, access: 'signedIn', titleKey: 'route.medicalData', module: medicalOverview },
  {
    path: `${MEDICAL}/allergies`,
    access: 'signedIn',
    titleKey: 'route.allergies',
    module: medicalList,
    meta: { kind: 'medical', medicalType: 'allergy' },
  },
  {
    path: `${MEDICAL}/allergies/add-allergy`,
    access: 'signedIn',
    titleKey: 'route.addAllergy',
    module: medicalAdd,
    meta: { kind: 'medical', medicalType: 'allergy' },
  },
  {
    path: `${MEDICAL}/diseases`,
    access: 'signedIn',
    titleKey: 'route.diseases',
    module: medicalList,
    meta: { kind: 'medical', medicalType: 'disease' },
  },
  {
    path: `${MEDICAL}/diseases/add-disease`,
    access: 'signedIn',
    titleKey: 'route.addDisease',
    module: medicalAdd,
    meta: { kind: 'medical', medicalType: 'disease' },
  },
  {
    path: `${MEDICAL}/medicalinterventions`,
    access: 'signedIn',
    titleKey: 'route.medicalInterventions',
    module: medicalList,
    meta: { kind: 'medical', medicalType: 'intervention' },
  },
  {
    path: `${MEDICAL}/medicalinterventions/add-medicalintervention`,
    access: 'signedIn',
    titleKey: 'route.addMedicalIntervention',
    module: medicalAdd,
    meta: { kind: 'medical', medicalType: 'intervention' },
  },
  {
    path: `${MEDICAL}/medications`,
    access: 'signedIn',
    titleKey: 'route.medications',
    module: medicalList,
    meta: { kind: 'medical', medicalType: 'medication' },
  },
  {
    path: `${MEDICAL}/medications/add-medication`,
    access: 'signedIn',
    titleKey: 'route.addMedication',
    module: medicalAdd,
    meta: { kind: 'medical', medicalType: 'medication' },
  },

  // Document safe: overview, then list and add per category.
  {
    path: DOCUMENT_SAFE,
    access: 'signedIn',
    titleKey: 'route.documentSafe',
    module: documentsOverview,
    meta: { kind: 'documents', area: 'document-safe' },
  },
  ...documentCategoryRoutes(DOCUMENT_SAFE, 'document-safe', [
    ['certificates-of-descent', 'add-descent-certificate', 'Certificate of Descent', 'CertificatesOfDescent'],
    ['eu-pet-passports', 'add-eu-pet-passport', 'EU Pet Passport', 'EuPetPassports'],
    ['insurances', 'add-insurance', 'Insurance', 'Insurances'],
    ['dog-taxes', 'add-dog-tax', 'Dog Tax', 'DogTaxes'],
    ['bill', 'add-bill', 'Bills', 'Bills'],
    ['others', 'add-other', 'Others', 'OtherDocuments'],
  ]),

  // Vet findings: overview, then list and add per category.
  {
    path: VET_FINDINGS,
    access: 'signedIn',
    titleKey: 'route.vetFindings',
    module: documentsOverview,
    meta: { kind: 'documents', area: 'vet-findings' },
  },
  ...documentCategoryRoutes(VET_FINDINGS, 'vet-findings', [
    ['prescriptions', 'add-prescription', 'Prescriptions', 'Prescriptions'],
    ['laboratory-findings', 'add-laboratory-finding', 'Laboratory Findings', 'LaboratoryFindings'],
    ['xrays', 'add-xray', 'X-rays', 'Xrays'],
    ['ultrasound', 'add-ultrasound', 'Ultrasound Images', 'Ultrasound'],
    ['diagnoses', 'add-diagnose', 'Diagnoses', 'Diagnoses'],
    ['photos', 'add-photo', 'Photos', 'Photos'],
    ['others', 'add-other', 'Others', 'OtherFindings'],
  ]),
];

/**
 * List, add and view rows of one document area. Each tuple: list slug, add slug, stored document_type
 * (contract DOCUMENT_TYPES), and the title key suffix (route.<suffix> / route.add<suffix>).
 */
function documentCategoryRoutes(
  base: string,
  area: 'document-safe' | 'vet-findings',
  categories: ReadonlyArray<
    readonly [slug: string, addSlug: string, documentType: string, titleSuffix: string]
  >,
): AppRouteDefinition[] {
  return categories.flatMap(([slug, addSlug, documentType, titleSuffix]) => [
    {
      path: `${base}/${slug}`,
      access: 'signedIn' as const,
      titleKey: `route.documents${titleSuffix}`,
      module: documentList,
      meta: { kind: 'documents' as const, area, documentType },
    },
    {
      path: `${base}/${slug}/${addSlug}`,
      access: 'signedIn' as const,
      titleKey: `route.documentsAdd${titleSuffix}`,
      module: documentAdd,
      meta: { kind: 'documents' as const, area, documentType },
    },
    {
      // One document of the category (…/document?doc_id=): preview, download, edit, delete.
      path: `${base}/${slug}/document`,
      access: 'signedIn' as const,
      titleKey: 'route.documentView',
      module: documentView,
      meta: { kind: 'documents' as const, area, documentType },
    },
  ]);
}
