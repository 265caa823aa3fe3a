import { registerEnumType } from 'type-graphql';
import { ForWhom, ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';

registerEnumType(Concentration, { name: 'Concentration', description: 'How strong a perfume is.' });
registerEnumType(ScentFamily, { name: 'ScentFamily', description: "A perfume's scent family." });
registerEnumType(ForWhom, { name: 'ForWhom' });

export const scentFamilyNames: Record<ScentFamily, string> = {
  [ScentFamily.FLORAL]: 'Floral',
  [ScentFamily.WOODY]: 'Woody',
  [ScentFamily.AMBER]: 'Oriental/Amber',
  [ScentFamily.FRESH]: 'Fresh',
  [ScentFamily.CITRUS]: 'Citrus',
  [ScentFamily.GOURMAND]: 'Gourmand',
  [ScentFamily.AROMATIC]: 'Aromatic',
  [ScentFamily.FRUITY]: 'Fruity',
  [ScentFamily.CHYPRE]: 'Chypre',
  [ScentFamily.LEATHER]: 'Leather',
  [ScentFamily.AQUATIC]: 'Aquatic',
};

export const forWhomNames: Record<ForWhom, string> = {
  [ForWhom.WOMEN]: 'For her',
  [ForWhom.MEN]: 'For him',
  [ForWhom.UNISEX]: 'Unisex',
};

/** Longest note kept, and most notes per tier: a note is a word or two ("pink pepper"). */
export const maxNoteLength = 40;
export const maxNotesPerTier = 20;

/**
 * Notes as stored: trimmed, inner spaces collapsed, lower case, duplicates dropped, in the order given. Lower
 * case so a facet value and a search match "Vanilla" and "vanilla" alike; screens capitalise.
 */
export function normaliseNotes(notes: readonly string[]): string[] {
  const kept: string[] = [];
  for (const note of notes) {
    const normal = note.trim().replace(/\s+/g, ' ').toLowerCase();
    if (normal && !kept.includes(normal)) kept.push(normal);
  }
  return kept;
}
