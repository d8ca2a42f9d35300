import { useState, type MouseEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { visuallyHidden } from '@/components/visually-hidden';
import type { UserInfo } from '@pet/contract';
import { useLogout } from '@/app/session-actions';

function initialsOf(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : source.slice(0, 2)).toUpperCase();
}

/** The user's avatar and name in the top bar; its menu leads to the profile and signs out. */
export function ProfileMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const displayName = user.name.trim() || user.email;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'profile-menu' : undefined}
        endIcon={<ExpandMoreIcon sx={{ display: { xs: 'none', sm: 'block' } }} />}
        sx={{ borderRadius: 999, px: { xs: 0.5, sm: 1.5 }, minWidth: 0, gap: 1 }}
      >
        {/* The name as hidden text and the visible parts hidden from assistive technology: an
            aria-label that leaves out the visible initials and name fails WCAG 2.5.3. */}
        <Box component="span" sx={visuallyHidden}>
          {t('topBar.profileMenu', { name: displayName })}
        </Box>
        <Avatar
          src={user.image_url ?? undefined}
          alt=""
          aria-hidden
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 15 }}
        >
          {initialsOf(user.name, user.email)}
        </Avatar>
        <Box
          component="span"
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'block' },
            maxWidth: 180,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            fontWeight: 600,
          }}
        >
          {displayName}
        </Box>
      </Button>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography variant="subtitle2" noWrap>
            {displayName}
          </Typography>
          {user.name.trim() ? (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {user.email}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/my-account/profile');
          }}
        >
          <ListItemIcon>
            <PersonOutlineOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('nav.profile')} />
        </MenuItem>
        <MenuItem
          disabled={signingOut}
          onClick={() => {
            close();
            setSigningOut(true);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('topBar.logout')} />
        </MenuItem>
      </Menu>
    </>
  );
}
