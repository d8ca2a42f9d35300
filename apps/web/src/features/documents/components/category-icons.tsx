import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BiotechOutlinedIcon from '@mui/icons-material/BiotechOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import HealthAndSafetyOutlinedIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import NoteAltOutlinedIcon from '@mui/icons-material/NoteAltOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import SettingsOverscanOutlinedIcon from '@mui/icons-material/SettingsOverscanOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type { DocumentType } from '@pet/contract';

/** One icon per category of the document safe and the vet findings. */
const CATEGORY_ICONS: Record<DocumentType, ComponentType<SvgIconProps>> = {
  'Certificate of Descent': WorkspacePremiumOutlinedIcon,
  'EU Pet Passport': BadgeOutlinedIcon,
  Insurance: HealthAndSafetyOutlinedIcon,
  'Dog Tax': RequestQuoteOutlinedIcon,
  Bills: ReceiptLongOutlinedIcon,
  Others: FolderOutlinedIcon,
  Prescriptions: MedicationOutlinedIcon,
  'Laboratory Findings': BiotechOutlinedIcon,
  'X-rays': SettingsOverscanOutlinedIcon,
  'Ultrasound Images': MonitorHeartOutlinedIcon,
  Diagnoses: NoteAltOutlinedIcon,
  Photos: PhotoCameraOutlinedIcon,
};

export function CategoryIcon({ type, ...props }: { type: DocumentType } & SvgIconProps) {
  const Icon = CATEGORY_ICONS[type];
  return <Icon {...props} />;
}
