import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from '@/lib/i18n-react';
import { EMERGENCY_LANGUAGES, emergencyLanguageSchema, type EmergencyLanguage } from '@pet/contract';

/** The language of the emergency file (English or German; pet-data section 2). */
export function EmergencyLanguageSelect({
  value,
  onChange,
  disabled,
}: {
  value: EmergencyLanguage;
  onChange: (language: EmergencyLanguage) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('emergency.languageLabel')}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        const parsed = emergencyLanguageSchema.safeParse(event.target.value);
        if (parsed.success) onChange(parsed.data);
      }}
      sx={{ minWidth: { xs: '100%', sm: 200 } }}
    >
      {/* English first, as the spec lists it. */}
      {[...EMERGENCY_LANGUAGES].reverse().map((language) => (
        <MenuItem key={language} value={language}>
          {t(`emergency.languages.${language}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
