import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import VaccinesOutlinedIcon from '@mui/icons-material/VaccinesOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { PaidExtraPetPage } from '@/components/PaidExtraPetPage';
import { useNotify } from '@/lib/notifications';
import { saveFile } from '@/lib/save-file';
import { fetchPetRecord } from '../api/fetch-pet-record';
import { BuildingStatus, SectionTitle, safeFileName, sectionContent } from './ExportSection';
import { HandoverCard } from './HandoverCard';
import { HandoverLinksCard } from './HandoverLinksCard';

/**
 * /pet-details/:name/:id/exports (beyond the spec, issue 17): the pet's vaccination and medication
 * record as a PDF, and the vet handover (pick documents; one PDF at once or a 7-day share link),
 * with the pet's share links (downloads, expiry, revoke). Paid-plan extras.
 */
export function ExportsPage({ title, pet }: { title: string; pet: { id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <PaidExtraPetPage
      title={title}
      subtitle={t('exports.subtitle')}
      pet={pet}
      upgrade={{
        title: t('exports.upgradeTitle'),
        text: t('exports.upgradeText'),
        label: t('exports.upgrade'),
      }}
    >
      {(petName) => (
        <Stack spacing={{ xs: 2, md: 3 }} sx={{ maxWidth: 760 }}>
          <RecordCard petId={pet.id} petName={petName} />
          <HandoverCard petId={pet.id} petName={petName} />
          <HandoverLinksCard petId={pet.id} />
        </Stack>
      )}
    </PaidExtraPetPage>
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
        {busy ? <BuildingStatus label={t('exports.building')} /> : null}
      </CardContent>
    </Card>
  );
}
