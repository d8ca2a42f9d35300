/**
 * The zod-free part of care plans (issue 36): paths, error keys and limits. Home's "Today" card
 * loads with the first signed-in visit, so it must not bring the contract's zod schemas
 * (entities/care.ts re-exports everything here).
 */

/** The zone of a user who never chose one (accounts from before issue 36). */
export const DEFAULT_USER_TIME_ZONE = 'Europe/Berlin';

/** Error keys of the care calls (both languages in the web's care.json). */
export const CARE_KEYS = {
  /** 400: the schedule does not fit its kind (no times, a weekday list empty, n out of range…). */
  schedule: 'Care_Schedule_Error',
  /** 400: the schedule ends before it starts. */
  window: 'Care_Schedule_Window_Error',
  /** 400: not an IANA time zone. */
  timeZone: 'Care_Time_Zone_Error',
  /** 404: the slot is not a due dose of this medication's schedule. */
  noSuchSlot: 'Care_Dose_Slot_Unknown_Text',
  /** 409: this slot is already confirmed (given or skipped). */
  alreadyConfirmed: 'Care_Dose_Already_Confirmed_Error',
  /** 409: an undo after UNDO_WINDOW_MINUTES. */
  undoTooLate: 'Care_Dose_Undo_Too_Late_Error',
  /** 400: a skip needs its reason. */
  skipReason: 'Care_Dose_Skip_Reason_Error',
  /** 400: the band's minimum is not below its maximum, or out of range. */
  weightGoal: 'Care_Weight_Goal_Error',
  /** 400: a push subscription without a usable endpoint or keys. */
  pushSubscription: 'Care_Push_Subscription_Error',
  /** 503: web push is not set up on this server (no VAPID keys). */
  pushUnavailable: 'Care_Push_Unavailable_Text',
} as const;

/** A given or skipped dose can be undone this long after it was confirmed. */
export const UNDO_WINDOW_MINUTES = 10;

/** The second missed-dose reminder, unless the user chose another delay. */
export const DEFAULT_MISSED_DOSE_REPEAT_MINUTES = 30;

/** Warn when the stock lasts fewer days than this, unless the medication sets its own. */
export const DEFAULT_STOCK_WARN_DAYS = 7;

/** Vaccination reminders, in days relative to the due date (negative: before). */
export const VACCINATION_REMINDER_OFFSETS_DAYS = [-28, -7, 7, 28] as const;

/** "Due soon" on the pet dashboard: due within this many days. */
export const VACCINATION_DUE_SOON_DAYS = 28;

/** A weight notice after this many entries in a row outside the band. */
export const WEIGHT_GOAL_OUTSIDE_IN_A_ROW = 3;

export const DOSE_UNITS = [
  'tablet',
  'capsule',
  'ml',
  'mg',
  'drop',
  'puff',
  'sachet',
  'application',
  'piece',
] as const;

export const DOSE_STATES = ['due', 'overdue', 'given', 'skipped', 'upcoming'] as const;

/** A vaccination that comes due: from a Vaccination appointment or a medical entry. */
export const VACCINATION_DUE_STATES = ['later', 'due_soon', 'overdue', 'done'] as const;

/** In-app notices (weight outside the band, stock running low, a dose missed). */
export const NOTICE_KINDS = ['weight_outside_goal', 'stock_low', 'dose_missed', 'vaccination_due'] as const;

export const CARE_PATHS = {
  schedule: '/v1/care/schedule',
  today: '/v1/care/today',
  dose: '/v1/care/dose',
  doses: '/v1/care/doses',
  vaccinations: '/v1/care/vaccinations',
  vaccination: '/v1/care/vaccination',
  vaccinationDone: '/v1/care/vaccination/done',
  weightGoal: '/v1/care/weight-goal',
  notices: '/v1/care/notices',
  noticeDismiss: '/v1/care/notice/dismiss',
  settings: '/v1/care/settings',
  pushKey: '/v1/push/key',
  pushDevice: '/v1/push/device',
  pushDevices: '/v1/push/devices',
  pushTest: '/v1/push/test',
} as const;
