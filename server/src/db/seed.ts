import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { Category } from '../modules/catalog/category.entity';
import { Product, ProductImage } from '../modules/catalog/product.entity';
import {
  categoryImageName,
  sampleCategories,
  sampleDeliveryLocations,
  sampleProducts,
  sampleSizes,
  type SampleProduct,
  type SampleSize,
} from '../modules/catalog/catalog.samples';
import { ProductVariant } from '../modules/catalog/product-variant.entity';
import { normaliseNotes } from '../modules/catalog/fragrance-facts';
import {
  drawSampleImage,
  sampleImageMissing,
  sampleImageName,
  sampleImageSize,
} from '../modules/catalog/sample-images';
import { DeliveryLocation } from '../modules/orders/delivery-location.entity';
import type { FileStorage } from '../storage/file-storage';
import { setTransactionLimits } from '../shared/transaction-limits';
import { startupLimits } from './time-limits';

interface Seed {
  key: string;
  run(em: EntityManager): Promise<void>;
}

const categoriesSeed: Seed = {
  key: 'categories-v1',
  async run(em) {
    for (const { name, slug } of sampleCategories) em.create(Category, { name, slug });
  },
};

/** Descriptions, card images and slug aliases (kids → for-children, room → room-sprays). */
const categoryDetailsSeed: Seed = {
  key: 'category-details-v1',
  async run(em) {
    const categories = await em.find(Category, { name: sampleCategories.map(({ name }) => name) });
    for (const category of categories) {
      const sample = sampleCategories.find(({ name }) => name === category.name)!;
      category.description = sample.description;
      category.aliases = [...sample.aliases];
      category.imageFileName = categoryImageName(sample.slug);
    }
  },
};

/** Sample images stored before variants existed get their sizes (the files are drawn below). */
const sampleImageSizesSeed: Seed = {
  key: 'sample-image-sizes-v1',
  async run(em) {
    await em.nativeUpdate(ProductImage, { fileName: { $like: 'sample-%' }, width: 0 }, { ...sampleImageSize });
  },
};

const deliveryLocationsSeed: Seed = {
  key: 'delivery-locations-v1',
  async run(em) {
    sampleDeliveryLocations.forEach(({ name, feeKes, deliveryTime }, position) => {
      em.create(DeliveryLocation, { name, feeCents: feeKes * 100, deliveryTime, position });
    });
  },
};

/**
 * Pay on delivery on for the sample Nairobi locations (issue 26), up to PAY_ON_DELIVERY_MAX_KES; a
 * shop whose locations were renamed keeps what its owner set, since only these names are touched, once.
 */
function payOnDeliverySeed(maxCents: number): Seed {
  return {
    key: 'pay-on-delivery-v1',
    async run(em) {
      await em.flush();
      const names = sampleDeliveryLocations
        .filter((location) => location.payOnDelivery)
        .map((location) => location.name);
      await em.nativeUpdate(
        DeliveryLocation,
        { name: { $in: names } },
        { payOnDelivery: true, payOnDeliveryMaxCents: maxCents },
      );
    },
  };
}

const sampleProductsSeed: Seed = {
  key: 'sample-products-v1',
  async run(em) {
    await em.flush();
    const categories = new Map((await em.find(Category, {})).map((category) => [category.name, category]));
    sampleProducts.forEach((sample, index) => {
      const product = em.create(Product, {
        name: sample.name,
        description: sample.description,
        priceCents: sample.priceKes * 100,
        salePriceCents: sample.salePriceKes === undefined ? null : sample.salePriceKes * 100,
        onSale: sample.salePriceKes !== undefined,
        quantity: sample.quantity,
        // Spread over the last weeks so "newest" has a meaning.
        createdAt: new Date(Date.now() - (sampleProducts.length - index) * 86_400_000),
      });
      for (const name of sample.categories) product.categories.add(categories.get(name)!);
      for (let image = 0; image < sample.imageCount; image += 1) {
        em.create(ProductImage, {
          product,
          fileName: sampleImageName(index, image),
          position: image,
          ...sampleImageSize,
        });
      }
    });
  },
};

/** A new size, persisted with the next flush. */
const newSize = (
  em: EntityManager,
  columns: Partial<ProductVariant> & Pick<ProductVariant, 'product' | 'priceCents'>,
) => em.persist(Object.assign(new ProductVariant(), columns));

const centsOf = (kes: number | undefined) => (kes === undefined ? null : kes * 100);

/** A sample size's columns besides its product and position. */
const sizeColumns = (size: SampleSize, sku: string | null) => ({
  sizeMl: size.sizeMl,
  concentration: size.concentration,
  isSample: size.isSample ?? false,
  sku,
});

/**
 * The samples' sizes and fragrance facts (decision 0088), alike for a shop seeded before sizes and a new one: each
 * sample is found by its name or the one it had before (which carried its size, "… 100ml"), renamed, its one size
 * described (ml, concentration, SKU; its price and stock stay what the shop has), its other sizes added after it,
 * its family, notes and for whom set. What the owner changed is left as it is: a product renamed is not found, a
 * product whose sizes are already described gets none added, facts already given are kept, a SKU already used
 * elsewhere is not taken. A new shop's samples have no size yet (the database gives one at commit to a product
 * without any): their default size is made here, from the product's own price and stock.
 */
const sampleSizesSeed: Seed = {
  key: 'sample-sizes-v1',
  async run(em) {
    await em.flush();
    const byName = new Map<string, SampleProduct>();
    for (const sample of sampleProducts) byName.set(sample.name, sample).set(sample.formerName, sample);
    const products = await em.find(
      Product,
      { name: [...byName.keys()], archivedAt: null },
      { populate: ['variants'], orderBy: { id: 'asc' } },
    );
    const skus = sampleProducts.flatMap((sample) => sampleSizes(sample).map((size) => size.sku.toLowerCase()));
    const taken = new Set(
      (
        await em.getConnection().execute<{ sku: string }[]>(
          'select lower(sku) as sku from product_variants where lower(sku) = any(?::text[])',
          // One PostgreSQL array literal: MikroORM would spread a JavaScript array into a list.
          [`{${skus.map((sku) => JSON.stringify(sku)).join(',')}}`],
          'all',
          em.getTransactionContext(),
        )
      ).map((row) => row.sku),
    );
    const skuOf = (size: SampleSize) => (taken.has(size.sku.toLowerCase()) ? null : size.sku);
    const described = new Set<SampleProduct>();
    for (const product of products) {
      const sample = byName.get(product.name)!;
      // Two products under one sample's names (the owner made one): the first seeded is the sample.
      if (described.has(sample)) continue;
      described.add(sample);
      product.name = sample.name;
      const noFacts =
        product.scentFamily === null &&
        product.forWhom === null &&
        [product.notesTop, product.notesHeart, product.notesBase].every((notes) => notes.length === 0);
      if (noFacts) {
        product.scentFamily = sample.scentFamily;
        product.forWhom = sample.forWhom;
        product.notesTop = normaliseNotes(sample.notes.top);
        product.notesHeart = normaliseNotes(sample.notes.heart);
        product.notesBase = normaliseNotes(sample.notes.base);
      }
      const sizes = product.variants.getItems().filter((variant) => variant.archivedAt === null);
      if (sizes.length > 1 || sizes.some((variant) => variant.sizeMl !== null)) continue;
      const [first, ...more] = sampleSizes(sample);
      const current = sizes[0];
      if (current) {
        Object.assign(current, sizeColumns(first!, skuOf(first!) ?? current.sku));
      } else {
        newSize(em, {
          product,
          position: 0,
          ...sizeColumns(first!, skuOf(first!)),
          priceCents: product.priceCents,
          salePriceCents: product.salePriceCents,
          onSale: product.onSale,
          quantity: product.quantity,
        });
      }
      more.forEach((size, index) => {
        newSize(em, {
          product,
          position: (current?.position ?? 0) + index + 1,
          ...sizeColumns(size, skuOf(size)),
          priceCents: size.priceKes * 100,
          salePriceCents: centsOf(size.salePriceKes),
          onSale: size.salePriceKes !== undefined,
          quantity: size.quantity,
        });
      });
    }
  },
};

/**
 * Runs each seed once per database (recorded in seed_history), inside one transaction that holds
 * an advisory lock, so two servers starting on one database cannot both seed.
 */
export async function seedDatabase(
  orm: MikroORM,
  options: {
    sampleData: boolean;
    storage: FileStorage;
    log: Logger;
    /** PAY_ON_DELIVERY_MAX_KES in cents: the sample Nairobi locations' maximum (default Ksh 20,000). */
    payOnDeliveryMaxCents?: number;
  },
): Promise<string[]> {
  const seeds = [
    categoriesSeed,
    categoryDetailsSeed,
    deliveryLocationsSeed,
    payOnDeliverySeed(options.payOnDeliveryMaxCents ?? 2_000_000),
    ...(options.sampleData ? [sampleProductsSeed, sampleImageSizesSeed, sampleSizesSeed] : []),
  ];
  const applied: string[] = [];
  await orm.em.fork().transactional(async (em) => {
    // Seeding is start-up work: a first start writes the sample catalogue, which may outlast a request's limits.
    await setTransactionLimits(em, startupLimits);
    await em.getConnection().execute('select pg_advisory_xact_lock(7134001)', [], 'all', em.getTransactionContext());
    const done = new Set(
      (
        await em
          .getConnection()
          .execute<{ key: string }[]>('select key from seed_history', [], 'all', em.getTransactionContext())
      ).map((row) => row.key),
    );
    for (const seed of seeds) {
      if (done.has(seed.key)) continue;
      await seed.run(em);
      await em.flush();
      await em
        .getConnection()
        .execute('insert into seed_history (key) values (?)', [seed.key], 'run', em.getTransactionContext());
      applied.push(seed.key);
    }
  });
  await ensureSampleImages(options.storage, options.sampleData);
  if (applied.length > 0) options.log.info({ seeds: applied }, 'seeded the database');
  return applied;
}

/**
 * Files live outside the database (the uploads storage): draw any sample image that is missing. Checked four at a
 * time (on object storage each check is a round trip, and every start makes them), drawn one at a time: libvips
 * decodes each 1280 px master on every core, and four drawings at once made a first start's memory peak (decision
 * 0113).
 */
export async function ensureSampleImages(storage: FileStorage, productImages: boolean): Promise<void> {
  const wanted: { fileName: string; colour: string; variant: number }[] = sampleCategories.map(({ slug, colour }) => ({
    fileName: categoryImageName(slug),
    colour,
    variant: 1,
  }));
  if (productImages) {
    for (const [index, sample] of sampleProducts.entries()) {
      for (let image = 0; image < sample.imageCount; image += 1) {
        wanted.push({ fileName: sampleImageName(index, image), colour: sample.colour, variant: image });
      }
    }
  }
  const missing: typeof wanted = [];
  const checker = async () => {
    for (let item = wanted.shift(); item; item = wanted.shift()) {
      if (await sampleImageMissing(storage, item.fileName)) missing.push(item);
    }
  };
  await Promise.all(Array.from({ length: 4 }, checker));
  for (const item of missing) await drawSampleImage(storage, item.fileName, item.colour, item.variant);
}
