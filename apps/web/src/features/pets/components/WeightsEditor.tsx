import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import MonitorWeightOutlinedIcon from '@mui/icons-material/MonitorWeightOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { useWeightFormat } from '@/features/pets/weight-format';
import { WEIGHT_KEYS, WEIGHT_LIST_MAX_HEIGHT_PX, type WeightEntry, type WeightInput } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { PetDateField } from './PetDateField';

/** The keys of the weight checks that belong to the date input, the weight input, or the entry. */
const DATE_KEYS: readonly string[] = [WEIGHT_KEYS.dateMissing];
const WEIGHT_INPUT_KEYS: readonly string[] = [WEIGHT_KEYS.weightMissing, WEIGHT_KEYS.negative];

/**
 * The weight history of the pet form (pet-data sections 4 and 5): date and kg inputs with an add
 * button, the list newest first (scrolling above 250 px), removal after confirmation. The form
 * owns the inputs and the error keys, because saving the pet checks them too.
 */
export function WeightsEditor({
  weights,
  input,
  errors,
  disabled = false,
  onInputChange,
  onAdd,
  onRemove,
}: {
  weights: readonly WeightEntry[];
  input: WeightInput;
  errors: readonly string[];
  disabled?: boolean;
  onInputChange: (input: WeightInput) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const formatWeight = useWeightFormat().withUnit;
  // The entry stays set while the dialog closes, so its text does not change during the animation.
  const [removing, setRemoving] = useState<{ index: number; entry: WeightEntry } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const dateError = errors.find((key) => DATE_KEYS.includes(key));
  const weightError = errors.find((key) => WEIGHT_INPUT_KEYS.includes(key));
  const entryError = errors.find((key) => key === WEIGHT_KEYS.unsavedEntry);
  const toRemove = removing?.entry;

  return (
    <Stack spacing={2}>
      {/* The weights sit in a narrow column next to the profile: one input per row. */}
      <PetDateField
        label={t('pets.weights.date')}
        name="weight_date"
        value={input.date}
        disableFuture
        error={Boolean(dateError)}
        helperText={dateError ? t(dateError) : undefined}
        onChange={(date) => onInputChange({ ...input, date })}
      />
      <TextField
        label={t('pets.weights.weight')}
        name="weight_kg"
        value={input.weight}
        onChange={(event) => onInputChange({ ...input, weight: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onAdd();
          }
        }}
        error={Boolean(weightError)}
        helperText={weightError ? t(weightError) : undefined}
        disabled={disabled}
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
        }}
      />
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={onAdd}
        disabled={disabled}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-end' } }}
      >
        {t('pets.weights.add')}
      </Button>

      {entryError ? (
        <Alert severity="warning" role="alert" data-testid="weight-entry-error">
          {t(entryError)}
        </Alert>
      ) : null}

      {weights.length === 0 ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            alignItems: 'center',
            p: 2,
            borderRadius: 2,
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            color: 'text.secondary',
          }}
        >
          <MonitorWeightOutlinedIcon aria-hidden />
          <Typography variant="body2">{t('pets.weights.empty')}</Typography>
        </Stack>
      ) : (
        <Box
          role="region"
          aria-label={t('pets.weights.listLabel')}
          tabIndex={0}
          data-testid="weight-list"
          sx={{
            maxHeight: WEIGHT_LIST_MAX_HEIGHT_PX,
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          }}
        >
          <List dense disablePadding>
            {weights.map((entry, index) => (
              <ListItem
                key={`${entry.date}-${entry.weight}-${index}`}
                divider={index < weights.length - 1}
                secondaryAction={
                  <IconButton
                    edge="end"
                    onClick={() => {
                      setRemoving({ index, entry });
                      setDialogOpen(true);
                    }}
                    disabled={disabled}
                    aria-label={t('pets.weights.remove', {
                      date: entry.date,
                      weight: formatWeight(entry.weight),
                    })}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                }
                sx={{ py: 1 }}
              >
                <ListItemText
                  primary={formatWeight(entry.weight)}
                  secondary={entry.date}
                  slotProps={{
                    primary: { sx: { fontWeight: 600, fontVariantNumeric: 'tabular-nums' } },
                    secondary: { sx: { fontVariantNumeric: 'tabular-nums' } },
                  }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}

      <ConfirmActionDialog
        open={dialogOpen && toRemove !== undefined}
        title={t('pets.weights.removeTitle')}
        text={
          toRemove
            ? t('pets.weights.removeText', { date: toRemove.date, weight: formatWeight(toRemove.weight) })
            : ''
        }
        confirmLabel={t('pets.weights.removeConfirm')}
        cancelLabel={t('pets.common.cancel')}
        onClose={() => setDialogOpen(false)}
        onConfirm={() => {
          if (removing !== null) onRemove(removing.index);
          setDialogOpen(false);
        }}
      />
    </Stack>
  );
}
