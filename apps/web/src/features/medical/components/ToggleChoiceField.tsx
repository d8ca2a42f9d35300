import { useId } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

export interface ToggleChoiceFieldProps<T extends string> {
  label: string;
  value: T | null | undefined;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
}

/**
 * One answer of a few (Yes/No, Surgery/Implant) as a labelled group of toggle buttons. Pressing the
 * chosen answer again clears it: every one of these fields is optional.
 */
export function ToggleChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
  onBlur,
}: ToggleChoiceFieldProps<T>) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ color: 'text.secondary', mb: 0.75 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value ?? null}
        onChange={(_event, next: T | null) => onChange(next)}
        onBlur={onBlur}
        aria-labelledby={labelId}
        sx={{ flexWrap: 'wrap' }}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value} sx={{ px: 2.5, minWidth: 72 }}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
