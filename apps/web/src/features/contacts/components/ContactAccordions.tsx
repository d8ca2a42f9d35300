import { lazy, Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AddIcon from '@mui/icons-material/Add';
import ContentCutOutlinedIcon from '@mui/icons-material/ContentCutOutlined';
import CottageOutlinedIcon from '@mui/icons-material/CottageOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PetsIcon from '@mui/icons-material/Pets';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { EXPAND_ANIMATION_MS, type BuiltInContactType, type Contact } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { useNotify } from '@/lib/notifications';
import { useLanguage } from '@/lib/use-language';
import { useDeleteContact } from '@/features/contacts/api/delete-contact';
import { useCanOnPet } from '@/lib/pet-relation';
import { groupContactsByType, type ContactGroup } from '@/features/contacts/contact-types';
import { ContactCard, contactDisplayName } from './ContactCard';

const TYPE_ICONS: Record<BuiltInContactType, ComponentType<SvgIconProps>> = {
  Holder: PersonOutlinedIcon,
  Vet: MedicalServicesOutlinedIcon,
  Breeder: PetsIcon,
  Groomer: ContentCutOutlinedIcon,
  CareTaker: VolunteerActivismOutlinedIcon,
  Kennel: CottageOutlinedIcon,
  Trainer: SchoolOutlinedIcon,
};

/** The form (country list, date picker) is its own chunk, loaded when a form first opens. */
const LazyContactForm = lazy(() =>
  import('./ContactForm').then((module) => ({ default: module.ContactForm })),
);

function ContactForm(props: ComponentProps<typeof LazyContactForm>) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Stack spacing={2} aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      }
    >
      <LazyContactForm {...props} />
    </Suspense>
  );
}

const NEW_TYPE_KEY = 'new';
const groupKey = (type: string) => `type:${type}`;

/** 250 ms expand and collapse (pet-data section 2); collapsed forms leave the page. */
const TRANSITION = { timeout: EXPAND_ANIMATION_MS, unmountOnExit: true };

/**
 * The contacts of a pet (pet-data section 2, Contacts): one accordion per contact type that has
 * contacts, then the accordion that adds a contact of a new type. Each accordion holds the
 * contact form in add or edit mode.
 */
export function ContactAccordions({
  petId,
  petName,
  contacts,
}: {
  petId: string;
  petName: string;
  contacts: readonly Contact[];
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const notify = useNotify();
  const remove = useDeleteContact(petId);
  // A member whose role may only read contacts (a carer) sees no add, edit or delete (issue 35).
  const canWrite = useCanOnPet(petId, 'create', 'contact');
  const groups = groupContactsByType(contacts, language);
  const customTypes = groups.filter((group) => !group.builtIn).map((group) => group.type);
  // An owner without contacts starts in the add accordion.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(contacts.length === 0 && canWrite ? [NEW_TYPE_KEY] : []),
  );
  // The contact stays while the dialog fades out, so its title does not flicker.
  const [deletion, setDeletion] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  const toDelete = deletion.open ? deletion.contact : null;
  const setToDelete = (contact: Contact | null) =>
    setDeletion((current) => (contact ? { open: true, contact } : { ...current, open: false }));

  const setOpen = (key: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success('contacts.deleted');
      setToDelete(null);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Stack spacing={1.5}>
      {contacts.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          {t('contacts.empty', { name: petName })}
        </Typography>
      ) : null}
      {groups.map((group) => (
        <TypeAccordion
          key={group.type}
          group={group}
          petId={petId}
          customTypes={customTypes}
          expanded={expanded.has(groupKey(group.type))}
          onToggle={(open) => setOpen(groupKey(group.type), open)}
          onDelete={setToDelete}
          readOnly={!canWrite}
          // A contact whose type was changed moves to that type's accordion: open it there.
          onSaved={(contact) => setOpen(groupKey(contact.contact_type.trim()), true)}
        />
      ))}
      {canWrite ? (
        <SectionAccordion
          expanded={expanded.has(NEW_TYPE_KEY)}
          onToggle={(open) => setOpen(NEW_TYPE_KEY, open)}
          icon={<AddIcon />}
          title={t('contacts.addNew')}
          subtitle={t('contacts.addNewHint')}
          highlighted
        >
          <ContactForm
            petId={petId}
            customTypes={customTypes}
            onCancel={() => setOpen(NEW_TYPE_KEY, false)}
            onSaved={(contact) =>
              setExpanded((current) => {
                const next = new Set(current);
                next.delete(NEW_TYPE_KEY);
                next.add(groupKey(contact.contact_type.trim()));
                return next;
              })
            }
          />
        </SectionAccordion>
      ) : null}
      <ConfirmActionDialog
        open={deletion.open}
        title={t('contacts.deleteTitle', {
          name: deletion.contact ? contactDisplayName(deletion.contact) : '',
        })}
        text={t('contacts.deleteText', { pet: petName })}
        confirmLabel={t('contacts.deleteConfirm')}
        cancelLabel={t('contacts.cancel')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

function TypeAccordion({
  group,
  petId,
  customTypes,
  expanded,
  onToggle,
  onDelete,
  onSaved,
  readOnly,
}: {
  group: ContactGroup;
  petId: string;
  customTypes: readonly string[];
  expanded: boolean;
  onToggle: (open: boolean) => void;
  onDelete: (contact: Contact) => void;
  onSaved: (contact: Contact) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  // At most one form per accordion: a contact being edited, or a new one being added.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const Icon = group.builtIn ? TYPE_ICONS[group.type as BuiltInContactType] : LabelOutlinedIcon;
  const title = group.builtIn ? t(`contacts.group.${group.type}`) : group.type;
  const typeLabel = group.builtIn ? t(`contacts.type.${group.type}`) : group.type;

  return (
    <SectionAccordion
      expanded={expanded}
      onToggle={(open) => {
        onToggle(open);
        if (!open) {
          setEditingId(null);
          setAdding(false);
        }
      }}
      icon={<Icon />}
      title={title}
      count={group.contacts.length}
    >
      <Stack spacing={1.5}>
        {group.contacts.map((contact) =>
          editingId === contact.id ? (
            <FormFrame key={contact.id}>
              <ContactForm
                petId={petId}
                contact={contact}
                customTypes={customTypes}
                onCancel={() => setEditingId(null)}
                onSaved={(saved) => {
                  setEditingId(null);
                  onSaved(saved);
                }}
              />
            </FormFrame>
          ) : (
            <ContactCard
              key={contact.id}
              contact={contact}
              actions={
                readOnly
                  ? undefined
                  : {
                      onEdit: () => {
                        setAdding(false);
                        setEditingId(contact.id);
                      },
                      onDelete: () => onDelete(contact),
                    }
              }
            />
          ),
        )}
        {adding ? (
          <FormFrame>
            <ContactForm
              petId={petId}
              presetType={group.type}
              customTypes={customTypes}
              onCancel={() => setAdding(false)}
              onSaved={(saved) => {
                setAdding(false);
                onSaved(saved);
              }}
            />
          </FormFrame>
        ) : readOnly ? null : (
          <Box>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => {
                setEditingId(null);
                setAdding(true);
              }}
            >
              {t('contacts.addOfType', { type: typeLabel })}
            </Button>
          </Box>
        )}
      </Stack>
    </SectionAccordion>
  );
}

function FormFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        border: 1,
        borderColor: 'primary.main',
        borderRadius: 2,
        p: { xs: 2, sm: 2.5 },
        bgcolor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.03)`,
      })}
    >
      {children}
    </Box>
  );
}

function SectionAccordion({
  expanded,
  onToggle,
  icon,
  title,
  subtitle,
  count,
  highlighted = false,
  children,
}: {
  expanded: boolean;
  onToggle: (open: boolean) => void;
  icon: ReactNode;
  title: string;
  subtitle?: string;
  count?: number;
  highlighted?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, open) => onToggle(open)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: TRANSITION, heading: { component: 'h2' } }}
      sx={{
        borderRadius: 3,
        overflow: 'hidden',
        '&::before': { display: 'none' },
        ...(highlighted ? { borderStyle: expanded ? 'solid' : 'dashed' } : {}),
      }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: { xs: 1.5, sm: 2.5 }, py: 0.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1 }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              color: 'primary.main',
              bgcolor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
            })}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography component="span" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', display: 'block' }}>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {count !== undefined ? (
            <Chip
              size="small"
              label={count}
              aria-label={t('contacts.count', { count })}
              sx={{ fontWeight: 600, mr: 1 }}
            />
          ) : null}
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1.5, sm: 2.5 }, pb: 2.5 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
