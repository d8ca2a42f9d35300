import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import VaccinesOutlinedIcon from '@mui/icons-material/VaccinesOutlined';
import { useTranslation } from '@/lib/i18n-react';
import {
  decodeDocUrl,
  documentCategoryByType,
  HANDOVER_LINK_DAYS,
  HANDOVER_MAX_DOCUMENTS,
  paidExtrasAllowed,
  type HandoverLink,
  type PetDocument,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { PageTitle } from '@/components/PageTitle';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { UpgradePrompt } from '@/components/UpgradePrompt';
import { useBrand } from '@/lib/brand';
import { formatDate } from '@/lib/dates';
import { useNotify } from '@/lib/notifications';
import { saveFile } from '@/lib/save-file';
import { useSignedInUser } from '@/lib/session';
import {
  fetchHandoverPdf,
  fetchPetRecord,
  useHandoverDocuments,
  useHandoverLinkActions,
  useHandoverLinks,
} from '../api/exports';

const sectionContent = { p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } };
const THUMBNAIL_TYPES = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif']);

const safeFileName = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'pet';

/**
 * /pet-details/:name/:id/exports (beyond the spec, issue 17): the pet's vaccination and medication
 * record as a PDF, and the vet handover (pick documents; one PDF at once or a 7-day share link),
 * with the pet's share links (downloads, expiry, revoke). Paid-plan extras.
 */
export function ExportsPage({ title, pet }: { title: string; pet: { id: string; name: string } }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const promptId = useId();
  const allowed = paidExtrasAllowed(user.product);
  const summary = user.pets.find((candidate) => candidate.id === pet.id);
  const petName = summary?.name ?? pet.name;

  return (
    <>
      <PageTitle title={title} subtitle={t('exports.subtitle')} />
      <PetHeaderCard
        name={petName}
        subtitle={summary ? t(`pets.species.${summary.type}`, { defaultValue: summary.type }) : undefined}
        imageUrl={summary?.image_url}
      />
      {!allowed ? (
        <UpgradePrompt
          titleId={promptId}
          title={t('exports.upgradeTitle')}
          text={t('exports.upgradeText')}
          upgradeLabel={brand.hiddenMenuItems.includes('subscription') ? undefined : t('exports.upgrade')}
          landmark="section"
        />
      ) : (
        <Stack spacing={{ xs: 2, md: 3 }} sx={{ maxWidth: 760 }}>
          <RecordCard petId={pet.id} petName={petName} />
          <HandoverCard petId={pet.id} petName={petName} />
          <LinksCard petId={pet.id} />
        </Stack>
      )}
    </>
  );
}

function SectionTitle({
  id,
  icon,
  children,
}: {
  id: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
      {icon}
      <Typography id={id} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function RecordCard({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchPetRecord(petId), `${t('exports.recordFileName')}-${safeFileName(petName)}.pdf`);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={sectionContent}>
        <SectionTitle id={titleId} icon={<VaccinesOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />}>
          {t('exports.recordTitle')}
        </SectionTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('exports.recordText')}
        </Typography>
        <Button
          variant="contained"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
          disabled={busy}
          onClick={() => void download()}
          aria-label={t('exports.recordDownloadName')}
        >
          {t('exports.recordDownload')}
        </Button>
        {busy ? (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-label={t('exports.building')} />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('exports.building')}
            </Typography>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

function documentLabel(t: (key: string) => string, document: PetDocument): string {
  const category = documentCategoryByType(document.area, document.document_type);
  return category ? t(category.labelKey) : document.document_type;
}

function Thumbnail({ file }: { file: { url: string; type: string } | undefined }) {
  const [failed, setFailed] = useState(false);
  const fileId = file ? new URL(file.url, 'http://portal.invalid').searchParams.get('file_id') : null;
  const src =
    file && fileId && THUMBNAIL_TYPES.has(file.type.toLowerCase())
      ? `/v1/document/thumbnail?file_id=${encodeURIComponent(fileId)}`
      : null;
  return (
    <Box
      aria-hidden
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: src && !failed ? '#ffffff' : 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'text.secondary',
      }}
    >
      {src && !failed ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          data-testid="handover-thumbnail"
          onError={() => setFailed(true)}
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top' }}
        />
      ) : (
        <DescriptionOutlinedIcon />
      )}
    </Box>
  );
}

function HandoverCard({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const documents = useHandoverDocuments(petId, true);
  const actions = useHandoverLinkActions(petId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [building, setBuilding] = useState(false);
  const [created, setCreated] = useState<HandoverLink | null>(null);

  const toggle = (id: string) =>
    setChosen((old) => (old.includes(id) ? old.filter((entry) => entry !== id) : [...old, id]));
  const tooMany = chosen.length > HANDOVER_MAX_DOCUMENTS;
  const busy = building || actions.create.isPending;

  const downloadPdf = async () => {
    setBuilding(true);
    try {
      saveFile(
        await fetchHandoverPdf(petId, chosen),
        `${t('exports.handoverFileName')}-${safeFileName(petName)}.pdf`,
      );
    } catch (error) {
      notify.error(error);
    } finally {
      setBuilding(false);
    }
  };
  const createLink = async () => {
    try {
      setCreated(await actions.create.mutateAsync(chosen));
    } catch (error) {
      notify.error(error);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('exports.copied');
    } catch {
      notify.error('exports.copyFailed');
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={sectionContent}>
        <SectionTitle id={titleId} icon={<LinkIcon sx={{ color: 'primary.main' }} aria-hidden />}>
          {t('exports.handoverTitle')}
        </SectionTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('exports.handoverText', { days: HANDOVER_LINK_DAYS })}
        </Typography>
        {documents.isPending ? (
          <Stack spacing={1} aria-busy="true" aria-label={t('exports.loadingDocuments')}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : documents.isError ? (
          <Alert severity="error">{t('Failure_Call_Text')}</Alert>
        ) : documents.data.length === 0 ? (
          <Alert severity="info">{t('exports.noDocuments')}</Alert>
        ) : (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {t('exports.chooseDocuments')}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {documents.data.map((document) => {
                const files = decodeDocUrl(document.doc_url);
                const checked = chosen.includes(document.id);
                const inputId = `handover-doc-${document.id}`;
                return (
                  <Box
                    component="li"
                    key={document.id}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      p: 1,
                      borderRadius: 2,
                      border: 1,
                      borderColor: checked ? 'primary.main' : 'divider',
                    }}
                  >
                    <Checkbox
                      checked={checked}
                      onChange={() => toggle(document.id)}
                      slotProps={{ input: { id: inputId, 'aria-describedby': `${inputId}-meta` } }}
                    />
                    <Thumbnail file={files[0]} />
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography
                        component="label"
                        htmlFor={inputId}
                        sx={{
                          display: 'block',
                          fontWeight: 600,
                          overflowWrap: 'anywhere',
                          cursor: 'pointer',
                        }}
                      >
                        {documentLabel(t, document)}
                        {document.description ? `: ${document.description}` : ''}
                      </Typography>
                      <Typography id={`${inputId}-meta`} variant="body2" sx={{ color: 'text.secondary' }}>
                        {formatDate(new Date(document.created_at))} ·{' '}
                        {files.map((file) => file.type.toUpperCase()).join(', ')}
                      </Typography>
                    </Box>
                  </Box>
                );
              })}
            </Stack>
          </Box>
        )}
        {tooMany ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('Handover_Documents_Error')}
          </Alert>
        ) : null}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('exports.chosen', { count: chosen.length })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            startIcon={building ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
            disabled={busy || tooMany}
            onClick={() => void downloadPdf()}
          >
            {t('exports.handoverDownload')}
          </Button>
          <Button
            variant="outlined"
            startIcon={
              actions.create.isPending ? <CircularProgress size={18} color="inherit" /> : <LinkIcon />
            }
            disabled={busy || tooMany}
            onClick={() => void createLink()}
          >
            {t('exports.createLink')}
          </Button>
        </Stack>
        {building ? (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-label={t('exports.building')} />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('exports.building')}
            </Typography>
          </Box>
        ) : null}
        {created ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity="success" role="status">
              {t('exports.linkCreated', { date: formatDate(new Date(created.expires_at)) })}
            </Alert>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
            >
              <TextField
                value={created.url}
                size="small"
                fullWidth
                label={t('exports.linkLabel')}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'handover-link-url' } }}
                onFocus={(event) => event.target.select()}
              />
              <Button
                variant="outlined"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copy(created.url)}
              >
                {t('exports.copy')}
              </Button>
            </Stack>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

function LinksCard({ petId }: { petId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const links = useHandoverLinks(petId, true);
  const actions = useHandoverLinkActions(petId);
  const [revoking, setRevoking] = useState<HandoverLink | null>(null);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await actions.revoke.mutateAsync(revoking.id);
      setRevoking(null);
      notify.success('exports.revoked');
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={sectionContent}>
        <SectionTitle id={titleId} icon={<LinkIcon sx={{ color: 'primary.main' }} aria-hidden />}>
          {t('exports.linksTitle')}
        </SectionTitle>
        {links.isPending ? (
          <Stack spacing={1} aria-busy="true" aria-label={t('exports.loadingLinks')}>
            <Skeleton variant="rounded" height={72} />
          </Stack>
        ) : links.isError ? (
          <Alert severity="error">{t('Failure_Call_Text')}</Alert>
        ) : links.data.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('exports.noLinks')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            data-testid="handover-links"
          >
            {links.data.map((link) => (
              <Box
                component="li"
                key={link.id}
                data-link-status={link.status}
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { xs: 'stretch', sm: 'center' },
                  gap: 1.5,
                  p: 1.5,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Typography sx={{ fontWeight: 600 }}>
                      {t('exports.linkDocuments', { count: link.document_count })}
                    </Typography>
                    <Chip
                      size="small"
                      color={link.status === 'active' ? 'success' : 'default'}
                      label={t(`exports.status.${link.status}`)}
                    />
                  </Stack>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('exports.linkCreatedOn', { date: formatDate(new Date(link.created_at)) })} ·{' '}
                    {t(link.status === 'expired' ? 'exports.linkExpiredOn' : 'exports.linkExpiresOn', {
                      date: formatDate(new Date(link.expires_at)),
                    })}{' '}
                    ·{' '}
                    <span data-testid="handover-downloads">
                      {t('exports.downloads', { count: link.downloads })}
                    </span>
                  </Typography>
                </Box>
                {link.status === 'active' ? (
                  <Button variant="outlined" color="error" onClick={() => setRevoking(link)}>
                    {t('exports.revoke')}
                  </Button>
                ) : null}
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      <ConfirmActionDialog
        open={revoking !== null}
        title={t('exports.revokeTitle')}
        text={t('exports.revokeText')}
        confirmLabel={t('exports.revoke')}
        cancelLabel={t('exports.cancel')}
        pending={actions.revoke.isPending}
        destructive
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
