import {
  memo,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { WeightBand } from './WeightChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import {
  sortWeightsNewestFirst,
  unsavedWeightEntryKey,
  validateWeightEntry,
  weightEntryFromInput,
  type Pet,
  type WeightEntry,
  type WeightInput,
} from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useBrand } from '@/lib/brand';
import { useNotify } from '@/lib/notifications';
import { petPath } from '@/lib/paths';
import { useSessionStore } from '@/lib/session';
import { useCreatePet } from '@/features/pets/api/create-pet';
import { useUpdatePet } from '@/features/pets/api/update-pet';
import { useUploadPetImage } from '@/features/pets/api/upload-pet-image';
import {
  emptyPetForm,
  forcedSpecies,
  formToCreateBody,
  formToUpdateBody,
  needsUpdateAfterCreate,
  petToForm,
  type PetFormInput,
  type PetFormOutput,
} from '@/features/pets/pet-form';
import { requestPetDatePicker } from './PetDateField';
import { PetLimitNotice } from './PetLimitNotice';
import { usePetLimit } from './use-pet-limit';
import { PhotoSection, ProfileFields, WeightsSection } from './PetProfileSections';
import { useSubmitOnce } from '@/components/use-submit-once';

/**
 * The form's checks come with zod (pet-form-schema.ts, with the contract's schemas): fetched when
 * the user first focuses the form, so a visit that only looks costs nothing of them.
 */
const loadPetFormResolver = () =>
  import('@/features/pets/pet-form-schema').then((module) => module.petFormResolver);
let editingStarted = false;
/** Fetches (once) the code only editing needs: the form's checks and MUI X's date picker. */
function startEditing(): void {
  if (editingStarted) return;
  editingStarted = true;
  void loadPetFormResolver();
  requestPetDatePicker();
}
/** Until the schema is there, the first check waits for it (a check runs on blur or on Save). */
const petFormResolver: Resolver<PetFormInput, unknown, PetFormOutput> = async (...args) =>
  (await loadPetFormResolver())(...args);

const EMPTY_WEIGHT_INPUT: WeightInput = { weight: '', date: '' };
/** About the weights column's height without weights, for the moment before it renders. */
const WEIGHTS_PLACEHOLDER_PX = 260;
const LIMIT_KEY_PATTERN = /_Pet_Limit_Reached_Message$/;

function SectionHeading({ children }: { children: string }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}

/** A photo chosen in add mode, uploaded after the pet is created; its preview as an object URL. */
interface PendingPhoto {
  file: File;
  url: string;
}

export type PetProfileFormProps =
  | { mode: 'add' }
  | {
      mode: 'edit';
      pet: Pet;
      /** The target band drawn on the weight chart (care plans, issue 36), composed in by the route. */
      weightBand?: WeightBand | null;
      /** The band's editor under the chart (features/care), composed in by the route. */
      weightGoalEditor?: ReactNode;
    };

/**
 * The pet profile screen (pet-data sections 2 to 5): Add pet without an id, My Animal with one.
 * Add: create, then the optional photo upload, then /dashboard. Edit: save the whole profile with
 * its weights; a new photo uploads at once (with progress) and replaces the old one.
 */
export function PetProfileForm(props: PetProfileFormProps) {
  const brand = useBrand();
  const pet = props.mode === 'edit' ? props.pet : undefined;
  const defaultValues = useMemo(
    () => (pet ? petToForm(pet, brand) : emptyPetForm(brand)),
    // The form starts from the pet once; later answers arrive through reset() after a save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pet?.id, brand],
  );
  // useForm renders its component once more as soon as it has mounted (it sets `isReady` in a
  // layout effect), synchronously, in the same task as the first commit: here that is this thin
  // component only. The form itself is memoised on props that stay the same (`form` is one object
  // for the form's life).
  const form = useForm<PetFormInput, unknown, PetFormOutput>({
    resolver: petFormResolver,
    defaultValues,
    mode: 'onTouched',
  });
  return (
    <PetProfileFormBody
      pet={pet}
      form={form}
      defaultValues={defaultValues}
      weightBand={props.mode === 'edit' ? (props.weightBand ?? null) : null}
      weightGoalEditor={props.mode === 'edit' ? props.weightGoalEditor : undefined}
    />
  );
}

const PetProfileFormBody = memo(function PetProfileFormBody({
  pet,
  form,
  defaultValues,
  weightBand,
  weightGoalEditor,
}: {
  pet: Pet | undefined;
  form: UseFormReturn<PetFormInput, unknown, PetFormOutput>;
  defaultValues: PetFormInput;
  weightBand: WeightBand | null;
  weightGoalEditor: ReactNode;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const notify = useNotify();
  const navigate = useNavigate();
  const params = useParams();
  const session = useSessionStore();
  const createPet = useCreatePet();
  const updatePet = useUpdatePet();
  const uploadImage = useUploadPetImage();
  const speciesFixed = forcedSpecies(brand);
  const { showUpsell } = usePetLimit();
  const { control, handleSubmit, setValue, getValues, reset, setError } = form;

  const [weightInput, setWeightInput] = useState<WeightInput>(EMPTY_WEIGHT_INPUT);
  const [weightErrors, setWeightErrors] = useState<string[]>([]);
  const weightSectionRef = useRef<HTMLDivElement>(null);
  const [pendingPhoto, setPendingPhoto] = useState<PendingPhoto | null>(null);
  // A replaced or dropped preview (and the last one, on leaving) frees its object URL.
  useEffect(() => (pendingPhoto ? () => URL.revokeObjectURL(pendingPhoto.url) : undefined), [pendingPhoto]);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [limitKey, setLimitKey] = useState<string | null>(null);
  const limitRef = useRef<HTMLDivElement>(null);
  // The refusal shows above the form: bring it into view (the Save button is far below on phones).
  useEffect(() => {
    if (limitKey) limitRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [limitKey]);
  const busy = saving || uploadProgress !== null;

  const changeWeightInput = (next: WeightInput) => {
    // An error goes away as soon as the input it is about changes.
    setWeightErrors((keys) =>
      keys.filter((key) => {
        if (key === 'My_Animal_Date_Error_Text') return next.date === weightInput.date;
        if (key === 'Weight_Response_Ignored_Text') return false;
        return next.weight === weightInput.weight;
      }),
    );
    setWeightInput(next);
  };

  const addWeight = () => {
    const keys = validateWeightEntry(weightInput);
    if (keys.length > 0) {
      setWeightErrors(keys);
      return;
    }
    const entry = weightEntryFromInput(weightInput);
    if (!entry) return;
    setValue('weights', sortWeightsNewestFirst([...getValues('weights'), entry]), { shouldDirty: true });
    setWeightInput(EMPTY_WEIGHT_INPUT);
    setWeightErrors([]);
  };

  const removeWeight = (index: number) => {
    setValue(
      'weights',
      getValues('weights').filter((_, position) => position !== index),
      { shouldDirty: true },
    );
  };

  /**
   * The weight inputs when the pet is saved: a half entry blocks the save
   * (Weight_Response_Ignored_Text); a complete one is taken along when it is valid.
   */
  const pendingWeight = (): { ok: boolean; entry: WeightEntry | null } => {
    const halfKey = unsavedWeightEntryKey(weightInput);
    if (halfKey) {
      setWeightErrors([halfKey]);
      weightSectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return { ok: false, entry: null };
    }
    if (weightInput.weight.trim() === '' && weightInput.date.trim() === '') return { ok: true, entry: null };
    const keys = validateWeightEntry(weightInput);
    if (keys.length > 0) {
      setWeightErrors(keys);
      return { ok: false, entry: null };
    }
    return { ok: true, entry: weightEntryFromInput(weightInput) };
  };

  const showFieldErrors = (error: unknown): boolean => {
    if (!isApiError(error) || error.status !== 400) return false;
    const fields = { ...error.fields, ...(error.field ? { [error.field]: error.key } : {}) };
    const known = Object.entries(fields).filter(([field]) => field in defaultValues);
    known.forEach(([field, key]) => setError(field as FieldPath<PetFormInput>, { message: key }));
    return known.length > 0;
  };

  const save = async (values: PetFormOutput, extraWeight: WeightEntry | null) => {
    const complete: PetFormOutput = extraWeight
      ? { ...values, weights: sortWeightsNewestFirst([...values.weights, extraWeight]) }
      : values;
    setSaving(true);
    try {
      if (!pet) await add(complete);
      else await edit(pet, complete);
    } finally {
      setSaving(false);
    }
  };

  const add = async (values: PetFormOutput) => {
    let created: Pet;
    try {
      created = await createPet.mutateAsync(formToCreateBody(values));
    } catch (error) {
      if (isApiError(error) && LIMIT_KEY_PATTERN.test(error.key)) setLimitKey(error.key);
      else if (!showFieldErrors(error)) notify.error(error);
      return;
    }
    setLimitKey(null);
    let problem: unknown = null;
    if (needsUpdateAfterCreate(values)) {
      try {
        await updatePet.mutateAsync({ petId: created.id, body: formToUpdateBody(values) });
      } catch (error) {
        problem = error;
      }
    }
    if (pendingPhoto) {
      setUploadProgress(0);
      try {
        await uploadImage.mutateAsync({
          petId: created.id,
          file: pendingPhoto.file,
          onProgress: (progress) => setUploadProgress(progress.fraction),
        });
      } catch {
        problem = problem ?? 'Image_Upload_Failed_Text';
      } finally {
        setUploadProgress(null);
      }
    }
    void session.invalidate();
    if (problem) notify.error(problem);
    else notify.success('pets.form.added', { name: created.name });
    navigate('/dashboard');
  };

  const edit = async (current: Pet, values: PetFormOutput) => {
    try {
      const updated = await updatePet.mutateAsync({ petId: current.id, body: formToUpdateBody(values) });
      reset(petToForm(updated, brand));
      setWeightInput(EMPTY_WEIGHT_INPUT);
      setWeightErrors([]);
      void session.invalidate();
      notify.success('Success_Message_Text');
      // A new name is part of the address and the breadcrumbs.
      if (params.name !== undefined && params.name !== updated.name) {
        navigate(petPath(updated, 'my-pet'), { replace: true });
      }
    } catch (error) {
      if (!showFieldErrors(error)) notify.error(error);
    }
  };

  const uploadNow = async (current: Pet, file: File) => {
    setUploadProgress(0);
    try {
      await uploadImage.mutateAsync({
        petId: current.id,
        file,
        onProgress: (progress) => setUploadProgress(progress.fraction),
      });
      void session.invalidate();
      notify.success('pets.photo.uploaded');
    } catch {
      notify.error('Image_Upload_Failed_Text');
    } finally {
      setUploadProgress(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const weight = pendingWeight();
    return handleSubmit(async (values) => {
      if (weight.ok) await save(values, weight.entry);
    })(event);
  };
  // Busy from the first click until the answer (validation runs before `saving` is set).
  const submitOnce = useSubmitOnce(onSubmit);
  const sending = saving || submitOnce.busy;

  const onPhotoCropped = (file: File) => {
    if (pet) void uploadNow(pet, file);
    else setPendingPhoto({ file, url: URL.createObjectURL(file) });
  };
  const removePendingPhoto = () => setPendingPhoto(null);

  // The weights column comes in a second render, in the background: the first render of the form
  // is the page's longest task, and the profile is what a phone shows first.
  const weightsShown = useDeferredValue(true, false);

  const photoSrc = pet ? (uploadImage.data?.image_url ?? pet.image_url) : pendingPhoto?.url;
  const cancelTo = pet ? petPath(pet) : '/dashboard/my-pets';

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submitOnce.onSubmit}
      // The checks and the date picker are fetched when the user starts on the form (or points
      // at it), not on every visit.
      onFocusCapture={startEditing}
      onPointerOverCapture={startEditing}
      aria-busy={busy || sending}
    >
      {limitKey ? (
        <Box ref={limitRef} sx={{ mb: 3 }}>
          <PetLimitNotice messageKey={limitKey} showUpsell={showUpsell} />
        </Box>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <SectionHeading>{t('pets.form.profileHeading')}</SectionHeading>
              <PhotoSection
                control={control}
                imageSrc={photoSrc}
                progress={uploadProgress}
                disabled={saving}
                hint={pet ? t('pets.photo.editHint') : t('pets.photo.addHint')}
                onCropped={onPhotoCropped}
                onRemove={!pet && pendingPhoto ? removePendingPhoto : undefined}
              />
              <Divider sx={{ my: 3 }} />
              <ProfileFields control={control} species={brand.species} speciesFixed={Boolean(speciesFixed)} />
            </CardContent>
          </Card>
        </Grid>

        <Grid size={{ xs: 12, md: 5 }}>
          <Card ref={weightSectionRef}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <SectionHeading>{t('pets.weights.heading')}</SectionHeading>
              {weightsShown ? (
                <WeightsSection
                  control={control}
                  input={weightInput}
                  errors={weightErrors}
                  disabled={saving}
                  withChart={Boolean(pet)}
                  band={weightBand}
                  chartExtra={weightGoalEditor}
                  onInputChange={changeWeightInput}
                  onAdd={addWeight}
                  onRemove={removeWeight}
                />
              ) : (
                <Skeleton variant="rounded" height={WEIGHTS_PLACEHOLDER_PX} />
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>

      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'flex-end', mt: 3 }}
      >
        <Button component={RouterLink} to={cancelTo} disabled={busy || sending}>
          {t('pets.common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || sending}
          startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {sending ? t('pets.form.saving') : pet ? t('pets.form.save') : t('pets.form.create')}
        </Button>
      </Stack>
    </Box>
  );
});
