import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from '@/lib/i18n-react';

/**
 * The show-password toggle of a password field: the input's type and the toggle button to put at
 * its end (PasswordField, and the sign-in form's password).
 */
export function usePasswordVisibility(): { type: 'text' | 'password'; endAdornment: ReactNode } {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return {
    type: visible ? 'text' : 'password',
    endAdornment: (
      <InputAdornment position="end">
        <IconButton
          edge="end"
          onClick={() => setVisible((shown) => !shown)}
          // Keeps the focus (and the caret) in the field while the toggle is pressed.
          onMouseDown={(event) => event.preventDefault()}
          aria-label={t('identity.showPassword')}
          aria-pressed={visible}
        >
          {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
        </IconButton>
      </InputAdornment>
    ),
  };
}
