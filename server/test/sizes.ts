import { Product } from '../src/modules/catalog/product.entity';
import { Concentration, ProductVariant } from '../src/modules/catalog/product-variant.entity';
import type { TestShop } from './test-shop';

export interface SizeToSell {
  sizeMl: number;
  priceCents: number;
  quantity: number;
  concentration?: Concentration;
  isSample?: boolean;
  salePriceCents?: number;
}

/** A product in these sizes (the first is the default), written as an admin's save would: one transaction. */
export async function createProductWithSizes(
  shop: TestShop,
  name: string,
  sizes: SizeToSell[],
): Promise<{ productId: number; variantIds: number[] }> {
  const em = shop.orm.em.fork();
  const first = sizes[0]!;
  const product = em.create(Product, {
    name,
    description: `${name}, in ${sizes.length} sizes.`,
    priceCents: first.priceCents,
    quantity: first.quantity,
  });
  const variants = sizes.map((size, position) =>
    em.create(ProductVariant, {
      product,
      position,
      sizeMl: size.sizeMl,
      concentration: size.concentration ?? Concentration.EAU_DE_PARFUM,
      isSample: size.isSample ?? false,
      sku: `${name.replace(/\W+/g, '-').toUpperCase()}-${size.sizeMl}`,
      priceCents: size.priceCents,
      salePriceCents: size.salePriceCents ?? null,
      onSale: size.salePriceCents !== undefined,
      quantity: size.quantity,
    }),
  );
  await em.flush();
  await shop.catalogueChanged();
  return { productId: product.id, variantIds: variants.map((variant) => variant.id) };
}

/** Each size's stock as the database has it, in the order of `variantIds`. */
export async function sizeStock(shop: TestShop, variantIds: number[]): Promise<number[]> {
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number; quantity: number }[]>('select id, quantity from product_variants where id in (?)', [
      variantIds,
    ]);
  return variantIds.map((id) => rows.find((row) => row.id === id)!.quantity);
}
