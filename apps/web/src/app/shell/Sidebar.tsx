import { useId, useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PetsIcon from '@mui/icons-material/Pets';
import { useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { EXPAND_ANIMATION_MS, canOnPet, type PetSummary, type SharedPet } from '@pet/contract';
import { LanguageDialog } from '@/components/LanguageDialog';
import { useChooseAccountLanguage } from '@/features/account/use-account-language';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { petPath } from '@/lib/paths';
import {
  ACCOUNT_GROUP,
  EMERGENCY_LINK,
  EVENTS_LINK,
  HOME_LINK,
  PET_MENU_ITEMS,
  PET_MENU_RESOURCES,
  isCurrentPath,
  petSectionAction,
  visibleAccountMenu,
  type MenuLink,
} from './sidebar-menu';

export interface SidebarProps {
  pets: readonly PetSummary[];
  /** Pets other owners share with the user (issue 35): listed under "Shared with me". */
  sharedPets?: readonly SharedPet[];
  petsLoading: boolean;
  /** The user's product internal note: the dog brand hides Cancel subscription for Promo. */
  productInternalNote: string | null | undefined;
  /** Called after a link was followed (the phone drawer closes). */
  onNavigate?: () => void;
}

const NESTED_INDENT = 4.5;

function NavLinkItem({
  to,
  label,
  icon,
  selected,
  nested = false,
  onNavigate,
}: {
  to: string;
  label: string;
  icon?: ReactNode;
  selected: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: nested ? NESTED_INDENT : 2, minHeight: nested ? 40 : 44 }}
      >
        {icon ? <ListItemIcon>{icon}</ListItemIcon> : null}
        <ListItemText primary={label} slotProps={{ primary: { variant: nested ? 'body2' : 'body1' } }} />
      </ListItemButton>
    </ListItem>
  );
}

function TopLevelLink({
  link,
  pathname,
  onNavigate,
}: {
  link: MenuLink;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { Icon } = link;
  // / is the dashboard as well.
  const selected = isCurrentPath(pathname, link.to, link.exact) || (link === HOME_LINK && pathname === '/');
  return (
    <NavLinkItem
      to={link.to}
      label={t(link.labelKey)}
      icon={<Icon />}
      selected={selected}
      onNavigate={onNavigate}
    />
  );
}

/** An entry that opens and closes its sub-entries (a pet, My account). */
function ExpandableEntry({
  label,
  secondary,
  icon,
  open,
  active,
  onToggle,
  children,
}: {
  label: string;
  /** A second line (a shared pet's owner and the user's role). */
  secondary?: string;
  icon: ReactNode;
  open: boolean;
  active: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const listId = useId();
  // The sub-list sits inside the entry's <li>: a <ul> may hold only <li> (the Collapse is a <div>).
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={onToggle} aria-expanded={open} aria-controls={listId} sx={{ minHeight: 44 }}>
        <ListItemIcon sx={{ color: active ? 'primary.main' : undefined }}>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          secondary={secondary}
          slotProps={{
            primary: { noWrap: true, sx: { fontWeight: active ? 600 : undefined } },
            secondary: { noWrap: true, variant: 'caption' },
          }}
        />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout={EXPAND_ANIMATION_MS} unmountOnExit>
        <List id={listId} disablePadding dense>
          {children}
        </List>
      </Collapse>
    </ListItem>
  );
}

/** The pet id of a /pet-details/{name}/{id}/... path. */
function currentPetId(pathname: string): string | undefined {
  const [first, , id] = pathname.split('/').filter(Boolean);
  return first === 'pet-details' && id ? decodeURIComponent(id) : undefined;
}

function PetIcon({ imageUrl }: { imageUrl: string | null | undefined }) {
  return (
    <Avatar
      src={imageUrl ?? undefined}
      alt=""
      sx={{ width: 28, height: 28, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <PetsIcon sx={{ fontSize: 16 }} />
    </Avatar>
  );
}

export function Sidebar({
  pets,
  sharedPets = [],
  petsLoading,
  productInternalNote,
  onNavigate,
}: SidebarProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  const [languageOpen, setLanguageOpen] = useState(false);
  // Signed in, Change language stores the account's language too (issue 14.4: one language).
  const { choose: chooseLanguage } = useChooseAccountLanguage();
  // What the user opened or closed; without a choice the entry of the current page is open.
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const activePetId = currentPetId(pathname);
  const inAccount = pathname.startsWith('/my-account');
  const isOpen = (id: string, byDefault: boolean) => expanded[id] ?? byDefault;
  const toggle = (id: string, byDefault: boolean) =>
    setExpanded((state) => ({ ...state, [id]: !(state[id] ?? byDefault) }));

  const accountEntries = visibleAccountMenu(brand, productInternalNote);

  return (
    <Box
      component="nav"
      aria-label={t('nav.mainNavigation')}
      sx={{ py: 1.5, overflowY: 'auto', flexGrow: 1 }}
    >
      <List disablePadding>
        <TopLevelLink link={HOME_LINK} pathname={pathname} onNavigate={onNavigate} />
      </List>

      <List
        disablePadding
        aria-labelledby="sidebar-pets-heading"
        subheader={
          <ListSubheader
            id="sidebar-pets-heading"
            disableSticky
            sx={{ lineHeight: '36px', mt: 1, bgcolor: 'transparent' }}
          >
            {t('nav.pets')}
          </ListSubheader>
        }
      >
        {petsLoading ? (
          <ListItem sx={{ justifyContent: 'center', py: 1.5 }}>
            <CircularProgress size={24} aria-label={t('nav.petsLoading')} />
          </ListItem>
        ) : pets.length === 0 ? (
          <ListItem disablePadding>
            <ListItemButton
              component={RouterLink}
              to="/dashboard/new-pet"
              onClick={onNavigate}
              sx={{ minHeight: 44 }}
            >
              <ListItemIcon>
                <PetsIcon />
              </ListItemIcon>
              <ListItemText
                primary={t('nav.addFirstPet')}
                slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }}
              />
            </ListItemButton>
          </ListItem>
        ) : (
          pets.map((pet) => {
            const isActive = pet.id === activePetId;
            return (
              <ExpandableEntry
                key={pet.id}
                label={pet.name}
                active={isActive}
                open={isOpen(`pet:${pet.id}`, isActive)}
                onToggle={() => toggle(`pet:${pet.id}`, isActive)}
                icon={<PetIcon imageUrl={pet.image_url} />}
              >
                {PET_MENU_ITEMS.map(({ section, labelKey }) => {
                  const to = petPath(pet, section);
                  return (
                    <NavLinkItem
                      key={section}
                      nested
                      to={to}
                      label={t(labelKey)}
                      selected={isActive && isCurrentPath(pathname, to)}
                      onNavigate={onNavigate}
                    />
                  );
                })}
              </ExpandableEntry>
            );
          })
        )}
      </List>

      {!petsLoading && sharedPets.length > 0 ? (
        <List
          disablePadding
          aria-labelledby="sidebar-shared-heading"
          subheader={
            <ListSubheader
              id="sidebar-shared-heading"
              disableSticky
              sx={{ lineHeight: '36px', mt: 1, bgcolor: 'transparent' }}
            >
              {t('nav.sharedWithMe')}
            </ListSubheader>
          }
        >
          {sharedPets.map((pet) => {
            const isActive = pet.id === activePetId;
            return (
              <ExpandableEntry
                key={pet.share_id}
                label={pet.name}
                secondary={`${pet.owner_name} · ${t(`nav.shareRole.${pet.role}`)}`}
                active={isActive}
                open={isOpen(`pet:${pet.id}`, isActive)}
                onToggle={() => toggle(`pet:${pet.id}`, isActive)}
                icon={<PetIcon imageUrl={pet.image_url} />}
              >
                <NavLinkItem
                  nested
                  to={petPath(pet)}
                  label={t('route.petDashboard')}
                  selected={isActive && pathname === petPath(pet)}
                  onNavigate={onNavigate}
                />
                {PET_MENU_ITEMS.filter(
                  ({ section }) =>
                    canOnPet(pet.role, petSectionAction(section), PET_MENU_RESOURCES[section]) === 'yes',
                ).map(({ section, labelKey }) => {
                  const to = petPath(pet, section);
                  return (
                    <NavLinkItem
                      key={section}
                      nested
                      to={to}
                      label={t(labelKey)}
                      selected={isActive && isCurrentPath(pathname, to)}
                      onNavigate={onNavigate}
                    />
                  );
                })}
              </ExpandableEntry>
            );
          })}
        </List>
      ) : null}

      <List disablePadding sx={{ mt: 1 }}>
        <TopLevelLink link={EVENTS_LINK} pathname={pathname} onNavigate={onNavigate} />
        <TopLevelLink link={EMERGENCY_LINK} pathname={pathname} onNavigate={onNavigate} />
        <ExpandableEntry
          label={t(ACCOUNT_GROUP.labelKey)}
          icon={<ACCOUNT_GROUP.Icon />}
          active={inAccount}
          open={isOpen('account', inAccount)}
          onToggle={() => toggle('account', inAccount)}
        >
          {accountEntries.map((entry) =>
            entry.to ? (
              <NavLinkItem
                key={entry.item}
                nested
                to={entry.to}
                label={t(entry.labelKey)}
                selected={isCurrentPath(pathname, entry.to)}
                onNavigate={onNavigate}
              />
            ) : (
              <ListItem key={entry.item} disablePadding>
                <ListItemButton
                  onClick={() => setLanguageOpen(true)}
                  aria-haspopup="dialog"
                  sx={{ pl: NESTED_INDENT, minHeight: 40 }}
                >
                  <ListItemText primary={t(entry.labelKey)} slotProps={{ primary: { variant: 'body2' } }} />
                </ListItemButton>
              </ListItem>
            ),
          )}
        </ExpandableEntry>
      </List>

      <LanguageDialog
        open={languageOpen}
        onClose={() => setLanguageOpen(false)}
        onChoose={(next) => void chooseLanguage(next)}
      />
    </Box>
  );
}
