import type { Species } from '../brands.ts';

/**
 * Document types that belong to one species (issue 14.21): a dog tax notice is a dog's document,
 * so Dog Tax is neither offered for nor accepted on a cat or another animal. The web hides the
 * category, the server refuses it; both ask this one rule.
 */
const SPECIES_OF_DOCUMENT_TYPE: Readonly<Partial<Record<string, Species>>> = { 'Dog Tax': 'Dog' };

export function documentTypeFitsPet(documentType: string, petType: string): boolean {
  const species = SPECIES_OF_DOCUMENT_TYPE[documentType];
  return species === undefined || species === petType;
}
