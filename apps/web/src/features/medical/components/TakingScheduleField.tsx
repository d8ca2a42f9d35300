import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from '@/lib/i18n-react';
import { TAKING_SCHEDULE, type TakingSchedule } from '@pet/contract';

/** taking_schedule: any of mornings, noons and evenings (kept in that order). */
export function TakingScheduleField({
  value,
  onChange,
  onBlur,
}: {
  value: readonly TakingSchedule[] | null | undefined;
  onChange: (value: TakingSchedule[]) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  const chosen = value ?? [];
  const toggle = (entry: TakingSchedule, checked: boolean) =>
    onChange(TAKING_SCHEDULE.filter((item) => (item === entry ? checked : chosen.includes(item))));
  return (
    <FormControl component="fieldset" variant="standard" onBlur={onBlur}>
      <FormLabel component="legend" sx={{ typography: 'body2', mb: 0.25 }}>
        {t('medical.field.taking_schedule')}
      </FormLabel>
      <FormGroup row>
        {TAKING_SCHEDULE.map((entry) => (
          <FormControlLabel
            key={entry}
            label={t(`medical.schedule.${entry}`)}
            control={
              <Checkbox
                checked={chosen.includes(entry)}
                onChange={(event) => toggle(entry, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
