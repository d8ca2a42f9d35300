import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PetsOutlinedIcon from '@mui/icons-material/PetsOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { LIMIT_KEYS } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { RouterLink } from '@/components/RouterLink';

/** No pet yet: nothing to put in an emergency file (No_Pet_Text, link to /dashboard/my-pets). */
export function NoPetNotice() {
  const { t } = useTranslation();
  return (
    <Card component="section" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <IconBubble>
          <PetsOutlinedIcon />
        </IconBubble>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t(LIMIT_KEYS.noPet)}
          </Typography>
        </Box>
        <Button variant="contained" component={RouterLink} to="/dashboard/my-pets">
          {t('emergency.noPetAction')}
        </Button>
      </Stack>
    </Card>
  );
}
