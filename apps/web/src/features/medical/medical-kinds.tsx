import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import GrassOutlinedIcon from '@mui/icons-material/GrassOutlined';
import HealingOutlinedIcon from '@mui/icons-material/HealingOutlined';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import type { MedicalType } from '@pet/contract';
import { petPath, type PetRef } from '@/lib/paths';
import { medicalCategory } from './medical-form';

/** Per kind: icon, the add action's label and the texts of its list. */
export const MEDICAL_KIND_UI: Record<
  MedicalType,
  { Icon: ComponentType<SvgIconProps>; addLabelKey: string; descriptionKey: string }
> = {
  allergy: {
    Icon: GrassOutlinedIcon,
    addLabelKey: 'route.addAllergy',
    descriptionKey: 'medical.description.allergy',
  },
  disease: {
    Icon: MonitorHeartOutlinedIcon,
    addLabelKey: 'route.addDisease',
    descriptionKey: 'medical.description.disease',
  },
  intervention: {
    Icon: HealingOutlinedIcon,
    addLabelKey: 'route.addMedicalIntervention',
    descriptionKey: 'medical.description.intervention',
  },
  medication: {
    Icon: MedicationOutlinedIcon,
    addLabelKey: 'route.addMedication',
    descriptionKey: 'medical.description.medication',
  },
};

/** /pet-details/{name}/{id}/medical-data */
export const medicalOverviewPath = (pet: PetRef) => petPath(pet, 'medical-data');

/** /pet-details/{name}/{id}/medical-data/allergies (and the other lists). */
export const medicalListPath = (pet: PetRef, type: MedicalType) =>
  petPath(pet, 'medical-data', medicalCategory(type).slug);

/** /pet-details/{name}/{id}/medical-data/allergies/add-allergy (and the other add routes). */
export const medicalAddPath = (pet: PetRef, type: MedicalType) => {
  const category = medicalCategory(type);
  return petPath(pet, 'medical-data', category.slug, category.addSlug);
};
