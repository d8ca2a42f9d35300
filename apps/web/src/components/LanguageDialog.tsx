import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from '@/lib/i18n-react';
import { UI_LANGUAGES, type UiLanguage } from '@pet/contract';
import { useLanguage } from '@/lib/use-language';

/** Language names are written in their own language so everyone finds theirs. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', de: 'Deutsch' };

/**
 * Change language: switches the UI at once and remembers the choice. `onChoose` replaces the
 * switch where there is more to do (signed in: the account's language is stored too).
 */
export function LanguageDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose?: (language: UiLanguage) => void;
}) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const choose = (next: UiLanguage) => {
    (onChoose ?? setLanguage)(next);
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="language-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="language-dialog-title">{t('language.title')}</DialogTitle>
      <List sx={{ pb: 2 }}>
        {UI_LANGUAGES.map((option) => (
          <ListItemButton
            key={option}
            selected={option === language}
            onClick={() => choose(option)}
            lang={option}
            aria-current={option === language ? 'true' : undefined}
          >
            <ListItemText primary={LANGUAGE_NAMES[option]} />
            {option === language ? (
              <ListItemIcon sx={{ minWidth: 0 }}>
                <CheckIcon fontSize="small" />
              </ListItemIcon>
            ) : null}
          </ListItemButton>
        ))}
      </List>
    </Dialog>
  );
}
