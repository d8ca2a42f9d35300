import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  SHARE_ROLES,
  UI_LANGUAGES,
  emailSchema,
  type PetSummary,
  type ShareRole,
  type UiLanguage,
} from '@pet/contract';
import { errorKeyOf } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useCreateInvitation } from '../api/create-invitation';
import { OPEN_WINDOW, windowToBody, type WindowValue } from '../share-format';
import { WindowFields } from './WindowFields';

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** The owner's pets to choose from; `petId` is chosen at first. */
  pets: readonly PetSummary[];
  petId: string;
}

type FieldErrors = Partial<Record<'email' | 'pets' | 'window', string>>;

/**
 * The invitation (issue 35): an address, the pets, a role (each explained in a line), an optional
 * window, reminders for a carer and the mail's language. Errors of the server are shown by key.
 */
export function InviteDialog({ open, onClose, pets, petId }: InviteDialogProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const notify = useNotify();
  const create = useCreateInvitation();
  const titleId = useId();
  const roleLabelId = useId();
  const [email, setEmail] = useState('');
  const [petIds, setPetIds] = useState<string[]>([petId]);
  const [role, setRole] = useState<ShareRole>('carer');
  const [timeWindow, setTimeWindow] = useState<WindowValue>(OPEN_WINDOW);
  const [reminders, setReminders] = useState(false);
  const [language, setLanguage] = useState<UiLanguage>(i18n.language === 'en' ? 'en' : 'de');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setEmail('');
    setPetIds([petId]);
    setRole('carer');
    setTimeWindow(OPEN_WINDOW);
    setReminders(false);
    setErrors({});
    setFailure(null);
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: FieldErrors = {};
    const address = emailSchema.safeParse(email);
    if (!address.success) next.email = address.error.issues[0]?.message ?? 'Email_Error';
    if (petIds.length === 0) next.pets = 'sharing.invite.petsRequired';
    const windowBody = windowToBody(timeWindow);
    if ('error' in windowBody) next.window = windowBody.error;
    setErrors(next);
    if (!address.success || Object.keys(next).length > 0 || 'error' in windowBody) return;
    try {
      await create.mutateAsync({
        email: address.data,
        pet_ids: petIds,
        role,
        language,
        reminders: role === 'carer' && reminders,
        ...windowBody,
      });
      notify.success('sharing.invite.sent');
      reset();
      onClose();
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'Share_Window_Error') setErrors({ window: key });
      else setFailure(key);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('sharing.invite.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            <TextField
              type="email"
              label={t('sharing.invite.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="off"
              required
              fullWidth
              error={Boolean(errors.email)}
              helperText={errors.email ? t(errors.email) : t('sharing.invite.emailHint')}
            />

            {pets.length > 1 ? (
              <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {t('sharing.invite.pets')}
                </Typography>
                <FormGroup row>
                  {pets.map((pet) => (
                    <FormControlLabel
                      key={pet.id}
                      label={pet.name}
                      control={
                        <Checkbox
                          checked={petIds.includes(pet.id)}
                          onChange={(_event, checked) =>
                            setPetIds((ids) =>
                              checked ? [...ids, pet.id] : ids.filter((id) => id !== pet.id),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {errors.pets ? <FormHelperText error>{t(errors.pets)}</FormHelperText> : null}
              </Stack>
            ) : null}

            <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" id={roleLabelId} sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('sharing.invite.role')}
              </Typography>
              <RadioGroup
                aria-labelledby={roleLabelId}
                value={role}
                onChange={(event) => setRole(event.target.value as ShareRole)}
              >
                {SHARE_ROLES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
                    label={
                      <>
                        <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                          {t(`sharing.role.${value}`)}
                        </Typography>
                        <Typography
                          component="span"
                          variant="body2"
                          sx={{ display: 'block', color: 'text.secondary' }}
                        >
                          {t(`sharing.roleText.${value}`)}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </RadioGroup>
              {role === 'carer' ? (
                <FormControlLabel
                  control={
                    <Checkbox checked={reminders} onChange={(_event, checked) => setReminders(checked)} />
                  }
                  label={t('sharing.invite.reminders')}
                />
              ) : null}
            </Stack>

            <WindowFields
              value={timeWindow}
              onChange={setTimeWindow}
              errorText={errors.window ? t(errors.window) : undefined}
            />

            <TextField
              select
              label={t('sharing.invite.language')}
              value={language}
              onChange={(event) => setLanguage(event.target.value as UiLanguage)}
              helperText={t('sharing.invite.languageHint')}
            >
              {UI_LANGUAGES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`sharing.language.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={create.isPending}>
            {t('sharing.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('sharing.invite.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
