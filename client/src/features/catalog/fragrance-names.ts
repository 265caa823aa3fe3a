import type { Concentration, ScentFamily } from './api/product-facets.generated';
import type { ForWhom } from './api/fragrance-facts.generated';

// How a shopper reads each fragrance fact (the server's fragrance-facts.ts and size-label.ts name them alike),
// with the kebab-case word the URL keeps.

export const SCENT_FAMILIES: readonly { value: ScentFamily; param: string; label: string }[] = [
  { value: 'FLORAL', param: 'floral', label: 'Floral' },
  { value: 'WOODY', param: 'woody', label: 'Woody' },
  { value: 'AMBER', param: 'amber', label: 'Oriental/Amber' },
  { value: 'FRESH', param: 'fresh', label: 'Fresh' },
  { value: 'CITRUS', param: 'citrus', label: 'Citrus' },
  { value: 'GOURMAND', param: 'gourmand', label: 'Gourmand' },
  { value: 'AROMATIC', param: 'aromatic', label: 'Aromatic' },
  { value: 'FRUITY', param: 'fruity', label: 'Fruity' },
  { value: 'CHYPRE', param: 'chypre', label: 'Chypre' },
  { value: 'LEATHER', param: 'leather', label: 'Leather' },
  { value: 'AQUATIC', param: 'aquatic', label: 'Aquatic' },
];

export const CONCENTRATIONS: readonly { value: Concentration; param: string; label: string }[] = [
  { value: 'EAU_DE_COLOGNE', param: 'eau-de-cologne', label: 'Eau de Cologne' },
  { value: 'EAU_DE_TOILETTE', param: 'eau-de-toilette', label: 'Eau de Toilette' },
  { value: 'EAU_DE_PARFUM', param: 'eau-de-parfum', label: 'Eau de Parfum' },
  { value: 'PARFUM', param: 'parfum', label: 'Parfum/Extrait' },
  { value: 'BODY_MIST', param: 'body-mist', label: 'Body mist' },
  { value: 'ROOM_SPRAY', param: 'room-spray', label: 'Room spray' },
];

export const FOR_WHOM_LABELS: Record<ForWhom, string> = {
  WOMEN: 'For her',
  MEN: 'For him',
  UNISEX: 'Unisex',
};

export function scentFamilyLabel(value: ScentFamily): string {
  return SCENT_FAMILIES.find((family) => family.value === value)?.label ?? value;
}

export function concentrationLabel(value: Concentration): string {
  return CONCENTRATIONS.find((concentration) => concentration.value === value)?.label ?? value;
}

/** Notes are stored lower case; screens capitalise each word ("pink pepper" → "Pink Pepper"). */
export function noteLabel(note: string): string {
  return note.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
}
