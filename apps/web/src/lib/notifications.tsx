import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FREE_SERVICE_KEY } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { errorKeyOf, isApiError } from './api-client';

/** Fetched with the first message: a first visit that shows none does not download it. */
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

/**
 * One snackbar for the whole app. Features report outcomes with translation keys:
 *   const notify = useNotify();
 *   notify.success('Success_Message_Text');
 *   notify.error(error); // an ApiError (its catalogue key) or anything thrown
 */
interface Notification {
  id: number;
  message: string;
  severity: AlertColor;
  /** Free_Service_Text: the way to the plans goes with it (both specs, section 8). */
  upgrade?: boolean;
}

/** Where the upgrade link of Free_Service_Text leads (a plain link: this sits outside the router). */
const UPGRADE_PATH = '/my-account/subscription';

interface Notifier {
  /** A translated text (or any text) with a severity. */
  show: (message: string, severity?: AlertColor) => void;
  success: (key: string, values?: Record<string, unknown>) => void;
  info: (key: string, values?: Record<string, unknown>) => void;
  /** Errors: an ApiError shows its catalogue key; a string is taken as a key. */
  error: (errorOrKey: unknown) => void;
}

const NotifierContext = createContext<Notifier | null>(null);
const AUTO_HIDE_MS = 6000;

/** The translated text for anything a call may throw (catalogue key, else the generic text). */
export function useApiErrorMessage(): (errorOrKey: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (errorOrKey: unknown) => {
      if (typeof errorOrKey === 'string') return t(errorOrKey);
      const key = errorKeyOf(errorOrKey);
      // Keys we do not know (a newer server) still show something readable: the server's message.
      if (isApiError(errorOrKey) && !t(key, { defaultValue: '' })) {
        return errorOrKey.message || t('Something_Went_Wrong_Text');
      }
      return t(key);
    },
    [t],
  );
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [queue, setQueue] = useState<Notification[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const show = useCallback((message: string, severity: AlertColor = 'info', upgrade = false) => {
    setQueue((items) => [...items, { id: Date.now() + Math.random(), message, severity, upgrade }]);
    setOpen(true);
  }, []);

  const notifier = useMemo<Notifier>(
    () => ({
      show,
      success: (key, values) => show(t(key, values), 'success'),
      info: (key, values) => show(t(key, values), 'info'),
      error: (errorOrKey) =>
        show(
          errorMessage(errorOrKey),
          'error',
          (typeof errorOrKey === 'string' ? errorOrKey : errorKeyOf(errorOrKey)) === FREE_SERVICE_KEY,
        ),
    }),
    [show, t, errorMessage],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotifierContext.Provider value={notifier}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <Snackbar
            key={current?.id}
            open={Boolean(current) && open}
            autoHideDuration={AUTO_HIDE_MS}
            onClose={close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            slotProps={{
              transition: {
                // Next message (if any) slides in once the current one has left.
                onExited: () => {
                  setQueue((items) => items.slice(1));
                  setOpen(true);
                },
              },
            }}
          >
            {current ? (
              <Alert
                severity={current.severity}
                variant="filled"
                onClose={() => close()}
                action={
                  current.upgrade ? (
                    <Button
                      color="inherit"
                      size="small"
                      href={UPGRADE_PATH}
                      sx={{ textDecoration: 'underline' }}
                    >
                      {t('notAllowed.showPlans')}
                    </Button>
                  ) : undefined
                }
                sx={{ width: '100%', alignItems: 'center' }}
              >
                {current.message}
              </Alert>
            ) : undefined}
          </Snackbar>
        </Suspense>
      ) : null}
    </NotifierContext.Provider>
  );
}

export function useNotify(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotify must be used inside <NotificationProvider>');
  return notifier;
}
