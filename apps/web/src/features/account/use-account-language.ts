import { useCallback, useEffect } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import {
  uiLanguageToUserLanguage,
  userLanguageToUi,
  type UiLanguage,
  type UserLanguage,
} from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { useLanguage } from '@/lib/use-language';
import { useModifyUser } from './api/modify-user';

/**
 * One language for a signed-in user (issue 14.4): what the UI shows is what is stored. The stored
 * account language is applied to the UI when the user info arrives or changes (another device,
 * another tab); only that, so a choice in flight is not undone before its save answers.
 */
export function useStoredLanguageApplied(stored: UserLanguage | undefined): void {
  const { language, setLanguage } = useLanguage();
  const storedUi = stored ? userLanguageToUi(stored) : undefined;
  useEffect(() => {
    if (storedUi && storedUi !== language) void setLanguage(storedUi);
    // The UI language is deliberately not a dependency (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedUi, setLanguage]);
}

/**
 * Choosing a language while signed in, from Settings or from the sidebar's Change language: the UI
 * switches at once and POST /v1/auth/modify {language} stores it (our e-mails use it); a failed
 * save puts the UI language back and says why.
 */
export function useChooseAccountLanguage(): {
  language: UiLanguage;
  pending: UiLanguage | undefined;
  choose: (next: UiLanguage) => Promise<void>;
} {
  const { i18n } = useTranslation();
  const notify = useNotify();
  const { language, setLanguage } = useLanguage();
  const modify = useModifyUser();
  const pendingStored = modify.isPending ? modify.variables.language : undefined;
  const mutateAsync = modify.mutateAsync;

  const choose = useCallback(
    async (next: UiLanguage) => {
      if (next === language) return;
      const before = language;
      const switched = setLanguage(next);
      try {
        await mutateAsync({ language: uiLanguageToUserLanguage(next) });
        // The message is in the chosen language, so its texts must be there first: the save can
        // answer before they have loaded (the notifier may still hold the previous language).
        await switched;
        notify.show(i18n.t('account.settings.languageSaved', { lng: next }), 'success');
      } catch (error) {
        await switched;
        await setLanguage(before);
        notify.error(error);
      }
    },
    [i18n, language, mutateAsync, notify, setLanguage],
  );

  return { language, pending: pendingStored ? userLanguageToUi(pendingStored) : undefined, choose };
}
