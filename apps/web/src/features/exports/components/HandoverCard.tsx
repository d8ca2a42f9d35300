import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import { useTranslation } from '@/lib/i18n-react';
import {
  decodeDocUrl,
  documentCategoryByType,
  HANDOVER_LINK_DAYS,
  HANDOVER_MAX_DOCUMENTS,
  type HandoverLink,
  type PetDocument,
} from '@pet/contract';
import { formatDate } from '@/lib/dates';
import { useNotify } from '@/lib/notifications';
import { saveFile } from '@/lib/save-file';
import { useCreateHandoverLink } from '../api/create-handover-link';
import { fetchHandoverPdf } from '../api/fetch-handover-pdf';
import { useHandoverDocuments } from '../api/list-handover-documents';
import { BuildingStatus, SectionTitle, safeFileName, sectionContent } from './ExportSection';

const THUMBNAIL_TYPES = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif']);

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

/** Pick documents for the vet: one PDF at once, or a share link. */
export function HandoverCard({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const documents = useHandoverDocuments(petId);
  const createLinkMutation = useCreateHandoverLink(petId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [building, setBuilding] = useState(false);
  const [created, setCreated] = useState<HandoverLink | null>(null);

  const toggle = (id: string) =>
    setChosen((old) => (old.includes(id) ? old.filter((entry) => entry !== id) : [...old, id]));
  const tooMany = chosen.length > HANDOVER_MAX_DOCUMENTS;
  const busy = building || createLinkMutation.isPending;

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
      setCreated(await createLinkMutation.mutateAsync(chosen));
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
              createLinkMutation.isPending ? <CircularProgress size={18} color="inherit" /> : <LinkIcon />
            }
            disabled={busy || tooMany}
            onClick={() => void createLink()}
          >
            {t('exports.createLink')}
          </Button>
        </Stack>
        {building ? <BuildingStatus label={t('exports.building')} /> : null}
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
