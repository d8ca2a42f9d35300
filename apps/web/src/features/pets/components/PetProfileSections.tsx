import { lazy, memo, Suspense, type ReactNode } from 'react';
import type { WeightBand } from './WeightChart';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormState, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import {
  GENDERS,
  PET_SIZE_MAX_CM,
  PET_SIZE_MIN_CM,
  PET_SIZE_STEP_CM,
  formatPetSize,
  type WeightEntry,
} from '@pet/contract';
import type { PetFormInput, PetFormOutput } from '@/features/pets/pet-form';
import { PetDateField } from './PetDateField';
import { PetPhotoField } from './PetPhotoField';
import { WeightsEditor } from './WeightsEditor';

/*
 * The pet profile form's sections, each bound to the form's control: the profile fields, the
 * photo, and the weights with their chart. PetProfileForm owns the form, its saving and its layout.
 */

// @mui/x-charts only loads on My Animal, after the form is on screen.
const WeightChart = lazy(() => import('./WeightChart'));

const SIZE_OPTIONS = Array.from(
  { length: Math.floor((PET_SIZE_MAX_CM - PET_SIZE_MIN_CM) / PET_SIZE_STEP_CM) + 1 },
  (_, index) => formatPetSize(PET_SIZE_MIN_CM + index * PET_SIZE_STEP_CM),
);

export type PetFormControl = Control<PetFormInput, unknown, PetFormOutput>;

/** A text input bound to the form; messages are translation keys. */
function FormTextField({
  control,
  name,
  ...props
}: { control: PetFormControl; name: FieldPath<PetFormInput> } & Omit<TextFieldProps, 'name'>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : props.helperText}
        >
          {props.children}
        </TextField>
      )}
    />
  );
}

/** The profile fields; memoised, so typing a weight or a name does not re-render all of them. */
export const ProfileFields = memo(function ProfileFields({
  control,
  species,
  speciesFixed,
}: {
  control: PetFormControl;
  species: readonly string[];
  speciesFixed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="name"
          label={t('pets.form.name')}
          required
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="pet_type"
          select
          required
          label={t('pets.form.species')}
          disabled={speciesFixed}
          helperText={speciesFixed ? t('pets.form.speciesFixed') : undefined}
        >
          {species.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`pets.species.${option}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="gender" select label={t('pets.form.gender')}>
          <MenuItem value="">
            <em>{t('pets.form.notSpecified')}</em>
          </MenuItem>
          {GENDERS.map((gender) => (
            <MenuItem key={gender} value={gender}>
              {t(`pets.gender.${gender}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="race" label={t('pets.form.breed')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="date_of_birth"
          render={({ field, fieldState }) => (
            <PetDateField
              label={t('pets.form.birthDate')}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disableFuture
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="size"
          select
          label={t('pets.form.size')}
          helperText={t('pets.form.sizeHelper')}
          slotProps={{
            select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
          }}
        >
          <MenuItem value="">
            <em>{t('pets.form.notSpecified')}</em>
          </MenuItem>
          {SIZE_OPTIONS.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="color" label={t('pets.form.color')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="labeling" label={t('pets.form.labeling')} autoComplete="off" />
      </Grid>
      <Grid size={12}>
        <FormTextField
          control={control}
          name="features"
          label={t('pets.form.features')}
          multiline
          rows={2}
          // A plain textarea that grows with its text by CSS (where the browser can: Chromium and
          // Safari; elsewhere it scrolls and can be pulled taller), not MUI's autosize, whose
          // measuring forces a layout in the middle of the form's first render (a phone's first
          // visit to My Animal).
          slotProps={{ input: { inputComponent: 'textarea' } }}
          sx={{ '& textarea': { fieldSizing: 'content', minHeight: '2lh', resize: 'vertical' } }}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField control={control} name="ancestry" label={t('pets.form.ancestry')} />
      </Grid>
    </Grid>
  );
});

/** The photo with the pet's current name in its alt text. */
export function PhotoSection({
  control,
  ...props
}: { control: PetFormControl } & Omit<Parameters<typeof PetPhotoField>[0], 'petName'>) {
  const name = useWatch({ control, name: 'name' });
  return <PetPhotoField petName={name} {...props} />;
}

/** The weights editor and, on My Animal, the chart of the weights as they are in the form. */
export function WeightsSection({
  control,
  withChart,
  band = null,
  chartExtra,
  ...props
}: {
  control: PetFormControl;
  withChart: boolean;
  /** The target band drawn on the chart (issue 36). */
  band?: WeightBand | null;
  /** Under the chart: the band's editor, composed in by the route. */
  chartExtra?: ReactNode;
} & Omit<Parameters<typeof WeightsEditor>[0], 'weights'>) {
  const { t } = useTranslation();
  const weights = useWatch({ control, name: 'weights' }) as WeightEntry[];
  const { dirtyFields } = useFormState({ control, name: 'weights' });
  return (
    <>
      <WeightsEditor weights={weights} {...props} />
      {dirtyFields.weights ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {t('pets.weights.unsavedHint')}
        </Typography>
      ) : null}
      {withChart ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {t('pets.weights.chartTitle')}
          </Typography>
          {weights.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('pets.weights.chartEmpty')}
            </Typography>
          ) : (
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <WeightChart weights={weights} title={t('pets.weights.chartTitle')} band={band} />
            </Suspense>
          )}
          {chartExtra}
        </Box>
      ) : null}
    </>
  );
}
