import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { weightGoalBodySchema } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useCanOnPet } from '@/lib/pet-relation';
import { useSaveWeightGoal, useWeightGoal, type WeightGoal } from '../api/weight-goal';

/** The pet's target weight band under My Animal's chart (issue 36): set, change or remove. */
export function WeightGoalEditor({
  petId,
  onBand,
}: {
  petId: string;
  /** The stored band (or null) for the chart, each time it is read. */
  onBand?: (band: { min_kg: number; max_kg: number } | null) => void;
}) {
  const goal = useWeightGoal(petId);
  useEffect(() => {
    if (goal.data !== undefined) onBand?.(goal.data);
  }, [goal.data, onBand]);
  if (goal.isPending || goal.isError) return null;
  return <WeightGoalForm key={goal.dataUpdatedAt} petId={petId} goal={goal.data} />;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

function WeightGoalForm({ petId, goal }: { petId: string; goal: WeightGoal | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const notify = useNotify();
  const canEdit = useCanOnPet(petId, 'update', 'care_plan');
  const { save, clear } = useSaveWeightGoal(petId);
  const [min, setMin] = useState(goal ? String(goal.min_kg) : '');
  const [max, setMax] = useState(goal ? String(goal.max_kg) : '');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const checked = weightGoalBodySchema.safeParse({ min_kg: numberOf(min), max_kg: numberOf(max) });
    if (!checked.success) {
      setError(t('Care_Weight_Goal_Error'));
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(checked.data);
      notify.success('care.weightGoal.saved');
    } catch (caught) {
      notify.error(caught);
    }
  };
  const remove = async () => {
    try {
      await clear.mutateAsync();
      notify.success('care.weightGoal.cleared');
    } catch (caught) {
      notify.error(caught);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        {t('care.weightGoal.title')}
      </Typography>
      {canEdit ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('care.weightGoal.min')}
            value={min}
            onChange={(event) => setMin(event.target.value)}
            error={error !== null}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            size="small"
            label={t('care.weightGoal.max')}
            value={max}
            onChange={(event) => setMax(event.target.value)}
            error={error !== null}
            helperText={error}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {/* Not a submit button: it sits inside the pet form, whose Save is another action. */}
          <Button variant="outlined" onClick={() => void submit()} disabled={save.isPending}>
            {t('care.weightGoal.save')}
          </Button>
          {goal ? (
            <Button color="error" onClick={() => void remove()} disabled={clear.isPending}>
              {t('care.weightGoal.clear')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {goal
            ? t('care.weightGoal.band', { min: goal.min_kg, max: goal.max_kg })
            : t('care.weightGoal.none')}
        </Typography>
      )}
    </Box>
  );
}
