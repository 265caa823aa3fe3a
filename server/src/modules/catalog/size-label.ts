import { Concentration } from './product-variant.entity';

/** How a shopper reads each concentration. */
export const concentrationNames: Record<Concentration, string> = {
  [Concentration.EAU_DE_COLOGNE]: 'Eau de Cologne',
  [Concentration.EAU_DE_TOILETTE]: 'Eau de Toilette',
  [Concentration.EAU_DE_PARFUM]: 'Eau de Parfum',
  [Concentration.PARFUM]: 'Parfum/Extrait',
  [Concentration.BODY_MIST]: 'Body mist',
  [Concentration.ROOM_SPRAY]: 'Room spray',
};

export interface SizeFacts {
  sizeMl: number | null;
  concentration: Concentration | null;
  isSample: boolean;
}

/**
 * A size as every screen, e-mail, SMS and export names it: "50 ml · Eau de Toilette", "5 ml decant · Eau de
 * Parfum", "100 ml". Empty for a size that says nothing (a one-size product migrated from before sizes).
 */
export function sizeLabel({ sizeMl, concentration, isSample }: SizeFacts): string {
  const size = sizeMl === null ? (isSample ? 'Sample' : '') : `${sizeMl} ml${isSample ? ' decant' : ''}`;
  return [size, concentration ? concentrationNames[concentration] : ''].filter(Boolean).join(' · ');
}

/** A product with its size, as refusals and messages name it: "Oud Savanna (5 ml decant · Eau de Parfum)". */
export function nameWithSize(name: string, size: SizeFacts): string {
  return orderLineName(name, sizeLabel(size));
}

/** An order line as e-mails and exports name it: the product with the size it was ordered in, when it had one. */
export function orderLineName(productName: string, label: string): string {
  return label ? `${productName} (${label})` : productName;
}
