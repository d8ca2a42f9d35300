import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { VET_CONTACT_TYPE, type Contact } from '@pet/contract';
import { useLanguage } from '@/lib/use-language';
import { countryName } from '@/lib/countries';
import { visuallyHidden } from '@/components/visually-hidden';

/** The full name as written on a letter: title and name. */
export function contactDisplayName(contact: Pick<Contact, 'title' | 'name'>): string {
  return [contact.title?.trim(), contact.name.trim()].filter(Boolean).join(' ');
}

/** One contact in its type's accordion, with edit and delete (without `actions`: read only). */
export function ContactCard({
  contact,
  actions,
}: {
  contact: Contact;
  actions?: { onEdit: () => void; onDelete: () => void };
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const name = contactDisplayName(contact);
  const place = [
    [contact.zip, contact.city].filter(Boolean).join(' '),
    contact.country ? countryName(contact.country, language) : '',
  ]
    .filter(Boolean)
    .join(', ');
  const addressLines = [contact.address, place].filter((line): line is string => Boolean(line));

  return (
    <Card
      component="article"
      aria-label={name}
      sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {contact.contact_type === VET_CONTACT_TYPE && contact.doctor_since ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('contacts.doctorSince', { date: contact.doctor_since })}
          </Typography>
        ) : null}
        <Stack spacing={0.75} sx={{ mt: 1.25 }}>
          <Line icon={<PhoneOutlinedIcon fontSize="small" />} label={t('contacts.field.phone')}>
            <Link href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</Link>
          </Line>
          {contact.email ? (
            <Line icon={<EmailOutlinedIcon fontSize="small" />} label={t('contacts.field.email')}>
              <Link href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Link>
            </Line>
          ) : null}
          {addressLines.length > 0 ? (
            <Line icon={<PlaceOutlinedIcon fontSize="small" />} label={t('contacts.addressLabel')}>
              {addressLines.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </Line>
          ) : null}
        </Stack>
      </Box>
      {actions ? (
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
          <Tooltip title={t('contacts.edit')}>
            <IconButton onClick={actions.onEdit} aria-label={t('contacts.editNamed', { name })}>
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contacts.delete')}>
            <IconButton onClick={actions.onDelete} aria-label={t('contacts.deleteNamed', { name })}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : null}
    </Card>
  );
}

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: '1px' }}>
        {icon}
      </Box>
      <Typography variant="body2" component="div" sx={{ minWidth: 0 }}>
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
    </Stack>
  );
}
