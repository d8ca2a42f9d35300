import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useTranslation } from '@/lib/i18n-react';
import {
  TAG_MESSAGE_MAX,
  type PetTag,
  type PetTagActivity,
  type PetTagSettings,
  type UiLanguage,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { PaidExtraPetPage } from '@/components/PaidExtraPetPage';
import { useNotify } from '@/lib/notifications';
import { saveFile } from '@/lib/save-file';
import { useDeletePetTag } from '../api/delete-pet-tag';
import { usePetTag } from '../api/fetch-pet-tag';
import { fetchTagSheet } from '../api/fetch-tag-sheet';
import { usePetTagActivity } from '../api/list-tag-activity';
import { useRegeneratePetTag } from '../api/regenerate-pet-tag';
import { useUpdatePetTag } from '../api/update-pet-tag';

type SwitchName = Exclude<keyof PetTagSettings, 'message'>;
const SWITCHES: SwitchName[] = [
  'show_owner_name',
  'show_phone',
  'show_medical',
  'show_vet_phone',
  'show_message',
];

const sectionContent = { p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } };

/**
 * /pet-details/:name/:id/lost-pet-tag (beyond the spec, issue 17): the pet's printable QR tag, what
 * its public page shows, and who opened it or sent a message. A paid-plan extra.
 */
export function LostPetTagPage({ title, pet }: { title: string; pet: { id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <PaidExtraPetPage
      title={title}
      subtitle={t('lostPet.subtitle')}
      pet={pet}
      upgrade={{
        title: t('lostPet.upgradeTitle'),
        text: t('lostPet.upgradeText'),
        label: t('lostPet.upgrade'),
      }}
    >
      {(petName) => <TagCards petId={pet.id} petName={petName} />}
    </PaidExtraPetPage>
  );
}

function TagCards({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const tag = usePetTag(petId);
  if (tag.isPending) {
    return (
      <Stack spacing={3} aria-busy="true" aria-label={t('lostPet.loading')}>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    );
  }
  if (tag.isError) return <Alert severity="error">{t('Failure_Call_Text')}</Alert>;
  return (
    <Stack spacing={{ xs: 2, md: 3 }} sx={{ maxWidth: 760 }}>
      <TagCard petId={petId} petName={petName} tag={tag.data} />
      {tag.data.url ? <ShownCard petId={petId} tag={tag.data} /> : null}
      {tag.data.url ? <ActivityCard petId={petId} /> : null}
    </Stack>
  );
}

function TagCard({ petId, petName, tag }: { petId: string; petName: string; tag: PetTag }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const actions = {
    update: useUpdatePetTag(petId),
    regenerate: useRegeneratePetTag(petId),
    switchOff: useDeletePetTag(petId),
  };
  const [confirm, setConfirm] = useState<'regenerate' | 'off' | null>(null);
  const [printing, setPrinting] = useState(false);
  const titleId = useId();

  const run = async (action: () => Promise<unknown>, successKey?: string) => {
    try {
      await action();
      setConfirm(null);
      if (successKey) notify.success(successKey);
    } catch (error) {
      notify.error(error);
    }
  };

  const print = async () => {
    setPrinting(true);
    try {
      const language = (i18n.language === 'en' ? 'en' : 'de') as UiLanguage;
      const safeName = petName.replace(/[^\p{L}\p{N}]+/gu, '-') || 'pet';
      saveFile(await fetchTagSheet(petId, language), `${t('lostPet.fileName')}-${safeName}.pdf`);
    } catch (error) {
      notify.error(error);
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={sectionContent}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <QrCode2Icon sx={{ color: 'primary.main' }} aria-hidden />
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
            {t('lostPet.tagTitle')}
          </Typography>
          {tag.url ? (
            <Chip
              size="small"
              color={tag.enabled ? 'success' : 'default'}
              label={tag.enabled ? t('lostPet.on') : t('lostPet.off')}
            />
          ) : null}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('lostPet.intro')}
        </Typography>
        {tag.url && tag.enabled ? (
          <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {t('lostPet.address')}{' '}
            <Link href={tag.url} target="_blank" rel="noopener noreferrer">
              {tag.url}
            </Link>
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!tag.url ? (
            <Button
              variant="contained"
              disabled={actions.regenerate.isPending}
              onClick={() => void run(() => actions.regenerate.mutateAsync(), 'lostPet.made')}
            >
              {t('lostPet.make')}
            </Button>
          ) : tag.enabled ? (
            <>
              <Button
                variant="contained"
                startIcon={printing ? <CircularProgress size={16} color="inherit" /> : <PrintOutlinedIcon />}
                disabled={printing}
                onClick={() => void print()}
              >
                {t('lostPet.print')}
              </Button>
              <Button variant="outlined" onClick={() => setConfirm('regenerate')}>
                {t('lostPet.regenerate')}
              </Button>
              <Button variant="text" color="error" onClick={() => setConfirm('off')}>
                {t('lostPet.switchOff')}
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              disabled={actions.update.isPending}
              onClick={() =>
                void run(() => actions.update.mutateAsync({ enabled: true }), 'lostPet.switchedOn')
              }
            >
              {t('lostPet.switchOn')}
            </Button>
          )}
        </Stack>
      </CardContent>
      <ConfirmActionDialog
        open={confirm !== null}
        title={confirm === 'off' ? t('lostPet.switchOffTitle') : t('lostPet.regenerateTitle')}
        text={confirm === 'off' ? t('lostPet.switchOffText') : t('lostPet.regenerateText')}
        confirmLabel={confirm === 'off' ? t('lostPet.switchOff') : t('lostPet.regenerate')}
        cancelLabel={t('lostPet.cancel')}
        pending={actions.switchOff.isPending || actions.regenerate.isPending}
        onConfirm={() =>
          void (confirm === 'off'
            ? run(() => actions.switchOff.mutateAsync(), 'lostPet.switchedOff')
            : run(() => actions.regenerate.mutateAsync(), 'lostPet.regenerated'))
        }
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}

function ShownCard({ petId, tag }: { petId: string; tag: PetTag }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdatePetTag(petId);
  const titleId = useId();
  const [message, setMessage] = useState(tag.message ?? '');
  const tooLong = message.length > TAG_MESSAGE_MAX;

  const save = async (body: Parameters<typeof update.mutateAsync>[0]) => {
    try {
      await update.mutateAsync(body);
      notify.success('Success_Message_Text');
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={sectionContent}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem', mb: 0.5 }}>
          {t('lostPet.shownTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('lostPet.shownIntro')}
        </Typography>
        <Stack>
          {SWITCHES.map((name) => (
            <FormControlLabel
              key={name}
              control={
                <Switch
                  checked={tag[name]}
                  disabled={update.isPending}
                  onChange={(_event, checked) => void save({ [name]: checked })}
                />
              }
              label={t(`lostPet.switch.${name}`)}
              sx={{ py: 0.25 }}
            />
          ))}
        </Stack>
        {tag.show_message ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!tooLong) void save({ message });
            }}
            sx={{ mt: 2 }}
          >
            <TextField
              label={t('lostPet.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              error={tooLong}
              helperText={tooLong ? t('Tag_Message_Length_Error') : `${message.length} / ${TAG_MESSAGE_MAX}`}
            />
            <Button type="submit" variant="outlined" sx={{ mt: 1.5 }} disabled={update.isPending}>
              {t('lostPet.saveMessage')}
            </Button>
          </Box>
        ) : null}
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <FormControlLabel
            control={
              <Switch
                checked={tag.notify_on_access}
                disabled={update.isPending}
                onChange={(_event, checked) => void save({ notify_on_access: checked })}
              />
            }
            label={t('lostPet.switch.notify_on_access')}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

function ActivityCard({ petId }: { petId: string }) {
  const { t, i18n } = useTranslation();
  const activity = usePetTagActivity(petId);
  const titleId = useId();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={sectionContent}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem', mb: 1.5 }}>
          {t('lostPet.activityTitle')}
        </Typography>
        {activity.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : activity.isError ? (
          <Alert severity="error">{t('Failure_Call_Text')}</Alert>
        ) : (
          <ActivityLists data={activity.data} when={when} />
        )}
      </CardContent>
    </Card>
  );
}

function ActivityLists({ data, when }: { data: PetTagActivity; when: (iso: string) => string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <div>
        <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('lostPet.reports')}
        </Typography>
        {data.reports.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lostPet.noReports')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.reports.map((report) => (
              <Box
                component="li"
                key={report.id}
                sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {when(report.created_at)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line', my: 0.5 }}>{report.message}</Typography>
                <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Link href={`tel:${report.phone.replace(/[^\d+]/g, '')}`}>{report.phone}</Link>
                  {report.latitude !== null && report.longitude !== null ? (
                    <Link
                      href={`https://www.openstreetmap.org/?mlat=${report.latitude}&mlon=${report.longitude}#map=17/${report.latitude}/${report.longitude}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('lostPet.showOnMap')}
                    </Link>
                  ) : null}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </div>
      <div>
        <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('lostPet.accesses')}
        </Typography>
        {data.accesses.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lostPet.noAccesses')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.accesses.map((access) => (
              <Typography component="li" variant="body2" key={`${access.at}-${access.kind}-${access.device}`}>
                {when(access.at)} · {t(`lostPet.kind.${access.kind}`)} · {access.device}
              </Typography>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
