import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import { useTranslation } from '@/lib/i18n-react';
import type { HandoverLink } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { formatDate } from '@/lib/dates';
import { useNotify } from '@/lib/notifications';
import { useRevokeHandoverLink } from '../api/revoke-handover-link';
import { useHandoverLinks } from '../api/list-handover-links';
import { SectionTitle, sectionContent } from './ExportSection';

/** The pet's share links: downloads, expiry, revoke. */
export function HandoverLinksCard({ petId }: { petId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const links = useHandoverLinks(petId);
  const revokeMutation = useRevokeHandoverLink(petId);
  const [revoking, setRevoking] = useState<HandoverLink | null>(null);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeMutation.mutateAsync(revoking.id);
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
        pending={revokeMutation.isPending}
        destructive
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
