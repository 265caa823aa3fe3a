import fc from 'fast-check';
import { singleRow } from '../../../shared/single-row';
import { UserRole } from '../../accounts/user.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { productCsvColumns } from '../product-csv';
import { exportPageSize } from '../product-csv-export.service';
import { smallPng, uploadGraphQL } from './admin-helpers';

interface ImportAnswer {
  dryRun: boolean;
  imported: boolean;
  rowCount: number;
  rowErrorCount: number;
  rowErrors: { row: number; column: string; message: string }[];
  productsCreated: number;
  productsUpdated: number;
  sizesCreated: number;
  sizesUpdated: number;
  errors: { field: string; code: string; message: string }[];
}

const importMutation = `mutation ($file: Upload!, $dryRun: Boolean!) {
  importProducts(file: $file, dryRun: $dryRun) {
    dryRun imported rowCount rowErrorCount rowErrors { row column message }
    productsCreated productsUpdated sizesCreated sizesUpdated errors { field code message }
  }
}`;

let shop: TestShop;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
  await shop.storage.put('import-bottle-1.png', await smallPng(1), 'image/png');
  await shop.storage.put('import-bottle-2.png', await smallPng(2), 'image/png');
});
afterAll(() => shop.close());

async function importCsv(csv: string | Buffer, dryRun: boolean, auth: Record<string, string> = admin.auth) {
  const answer = await uploadGraphQL<{ importProducts: ImportAnswer }>(
    shop,
    auth,
    importMutation,
    { file: null, dryRun },
    [{ variable: 'file', name: 'products.csv', data: Buffer.from(csv), contentType: 'text/csv' }],
  );
  return answer;
}

async function imported(csv: string | Buffer, dryRun: boolean): Promise<ImportAnswer> {
  const answer = await importCsv(csv, dryRun);
  expect(answer.errors).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.data!.importProducts;
}

type Row = Partial<Record<(typeof productCsvColumns)[number], string | number>>;

function csvOf(rows: Row[], columns: readonly string[] = productCsvColumns): string {
  const cell = (value: string | number | undefined) => {
    const text = value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column as keyof Row])).join(','))]
    .join('\r\n')
    .concat('\r\n');
}

const families = ['floral', 'woody', 'amber', 'fresh', 'citrus', 'gourmand'];
const concentrations = ['eau_de_parfum', 'eau_de_toilette', 'parfum'];

/** `count` products of 1–3 sizes each, the first with images from the uploads. */
function generatedCatalogue(count: number, prefix: string): Row[] {
  const rows: Row[] = [];
  for (let index = 0; index < count; index += 1) {
    const sizes = (index % 3) + 1;
    for (let size = 0; size < sizes; size += 1) {
      const product: Row =
        size === 0
          ? {
              name: `${prefix} Scent ${index}`,
              description: `A generated perfume, number ${index}; "quoted", with commas.`,
              categories: index % 2 ? 'FOR WOMEN' : 'for-men|unisex',
              scent_family: families[index % families.length],
              for_whom: index % 2 ? 'women' : 'men',
              notes_top: 'bergamot|pink pepper',
              notes_heart: index === 7 ? 'orris|saffron' : 'rose',
              notes_base: index % 5 === 0 ? `vanilla|oud` : 'musk',
              images: index === 0 ? 'import-bottle-1.png|import-bottle-2.png' : '',
            }
          : {};
      rows.push({
        handle: `${prefix}-scent-${index}`,
        ...product,
        size_ml: [50, 100, 5][size],
        concentration: concentrations[index % concentrations.length],
        is_sample: size === 2 ? 'true' : 'false',
        sku: `${prefix.toUpperCase()}-${index}-${size}`,
        price_kes: size === 2 ? '450.50' : 4500 + index + size * 1000,
        sale_price_kes: index % 4 === 0 && size === 0 ? 3999 : '',
        on_sale: index % 4 === 0 && size === 0 ? 'true' : 'false',
        quantity: (index * 7 + size) % 30,
      });
    }
  }
  return rows;
}

/** Everything an import writes, as one string: products, sizes, categories and images by handle and SKU. */
async function catalogueState(): Promise<string> {
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ state: string }[]>(
      `select concat_ws('#',
       (select string_agg(concat_ws(',', handle, name, description, scent_family, for_whom, notes_top::text, notes_heart::text,
          notes_base::text, price_cents, sale_price_cents, on_sale, quantity, archived_at, variant_count), ';' order by handle) from products),
       (select string_agg(concat_ws(',', p.handle, v.position, v.size_ml, v.concentration, v.is_sample, v.sku, v.price_cents,
          v.sale_price_cents, v.on_sale, v.quantity, v.archived_at), ';' order by p.handle, v.position, v.id)
          from product_variants v join products p on p.id = v.product_id),
       (select string_agg(concat_ws(',', p.handle, c.slug), ';' order by p.handle, c.slug)
          from product_categories pc join products p on p.id = pc.product_id join categories c on c.id = pc.category_id),
       (select string_agg(concat_ws(',', p.handle, i.file_name, i.position, v.sku, i.width, i.height, i.widths::text), ';'
           order by p.handle, i.position, i.id)
          from product_images i join products p on p.id = i.product_id left join product_variants v on v.id = i.variant_id)
     ) as state`,
    );
  return singleRow(rows).state;
}

async function exportCsv(): Promise<string> {
  const response = await shop.http
    .get('/api/admin/export/products.csv')
    .set(admin.auth)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    })
    .expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  return response.body as string;
}

describe('product CSV import', () => {
  const catalogue = generatedCatalogue(200, 'gen');

  it('checks 200 products with their sizes in a dry run, writing nothing', async () => {
    const before = await catalogueState();
    const answer = await imported(csvOf(catalogue), true);
    expect(answer).toMatchObject({
      dryRun: true,
      imported: false,
      rowCount: catalogue.length,
      rowErrorCount: 0,
      rowErrors: [],
      productsCreated: 200,
      productsUpdated: 0,
      sizesCreated: catalogue.length,
      sizesUpdated: 0,
      errors: [],
    });
    expect(await catalogueState()).toBe(before);
  });

  it('imports them in one step: products, sizes in file order, facts, categories and images from the uploads', async () => {
    const answer = await imported(csvOf(catalogue), false);
    expect(answer).toMatchObject({ imported: true, productsCreated: 200, sizesCreated: catalogue.length, errors: [] });
    const em = shop.orm.em.fork();
    const [counts] = await em.getConnection().execute<{ products: number; sizes: number }[]>(
      `select count(distinct p.id)::int as products, count(v.id)::int as sizes
         from products p join product_variants v on v.product_id = p.id where p.handle like 'gen-scent-%'`,
    );
    expect(counts).toEqual({ products: 200, sizes: catalogue.length });
    const [first] = await em.getConnection().execute<Record<string, unknown>[]>(
      `select p.name, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity, p.scent_family, p.notes_base, p.variant_count,
              p.sizes_ml, (select array_agg(file_name order by position) from product_images i where i.product_id = p.id) as images,
              (select array_agg(c.name order by c.name) from product_categories pc join categories c on c.id = pc.category_id
                where pc.product_id = p.id) as categories
         from products p where p.handle = 'gen-scent-0'`,
    );
    expect(first).toEqual({
      name: 'gen Scent 0',
      price_cents: 450000,
      sale_price_cents: 399900,
      on_sale: true,
      quantity: 0,
      scent_family: 'floral',
      notes_base: ['vanilla', 'oud'],
      variant_count: 1,
      sizes_ml: [50],
      images: ['import-bottle-1.png', 'import-bottle-2.png'],
      categories: ['FOR MEN', 'UNISEX'],
    });
    const sizes = await em.getConnection().execute(
      `select v.position, v.size_ml, v.sku, v.price_cents, v.is_sample from product_variants v
           join products p on p.id = v.product_id where p.handle = 'gen-scent-2' order by v.position`,
    );
    expect(sizes).toEqual([
      { position: 0, size_ml: 50, sku: 'GEN-2-0', price_cents: 450200, is_sample: false },
      { position: 1, size_ml: 100, sku: 'GEN-2-1', price_cents: 550200, is_sample: false },
      { position: 2, size_ml: 5, sku: 'GEN-2-2', price_cents: 45050, is_sample: true },
    ]);
  });

  it('updates by handle and SKU when imported again: nothing created, nothing changed but what the file says', async () => {
    const before = await catalogueState();
    const again = await imported(csvOf(catalogue), false);
    expect(again).toMatchObject({ productsCreated: 0, productsUpdated: 200, sizesCreated: 0 });
    expect(again.sizesUpdated).toBe(catalogue.length);
    expect(await catalogueState()).toBe(before);

    const changed = catalogue.map((row) =>
      row.sku === 'GEN-1-1' ? { ...row, price_kes: '7100.25', quantity: 3 } : row,
    );
    await imported(csvOf(changed), false);
    const [size] = await shop.orm.em
      .fork()
      .getConnection()
      .execute(`select price_cents, quantity from product_variants where sku = 'GEN-1-1'`);
    expect(size).toEqual({ price_cents: 710025, quantity: 3 });
  });

  it('checks a file in a constant number of statements, whatever its number of products', async () => {
    const small = await shop.statements.measure(() => imported(csvOf(generatedCatalogue(20, 'few')), true));
    const large = await shop.statements.measure(() => imported(csvOf(generatedCatalogue(400, 'many')), true));
    expect(small.result.productsCreated).toBe(20);
    expect(large.result.productsCreated).toBe(400);
    expect(large.statements).toBe(small.statements);
  });

  it("lists each row's errors in a dry run (row, column, message) and writes nothing, dry run or not", async () => {
    const rows: Row[] = [
      ...generatedCatalogue(3, 'bad'),
      { handle: 'bad-new', description: 'No name', categories: 'FOR MEN', price_kes: 100, quantity: 1 },
      { handle: 'bad-more', name: 'More', description: 'd', categories: 'NOT A CATEGORY', price_kes: 100, quantity: 1 },
    ];
    rows[0] = { ...rows[0], price_kes: '45,00' };
    rows[1] = { ...rows[1], concentration: 'eau de vie' };
    rows[2] = { ...rows[2], sku: 'BAD-1-0' };
    rows[3] = { ...rows[3], images: 'no-such-file.webp' };
    const before = await catalogueState();
    for (const dryRun of [true, false]) {
      const answer = await imported(csvOf(rows), dryRun);
      expect(answer.imported).toBe(false);
      expect(answer.rowErrors.map(({ row, column }) => [row, column])).toEqual([
        [2, 'price_kes'],
        [3, 'concentration'],
        [4, 'sku'],
        [5, 'images'],
        [8, 'name'],
        [9, 'categories'],
      ]);
      expect(answer.rowErrors[2]!.message).toBe('The SKU BAD-1-0 is already on row 3.');
      expect(answer.rowErrors[3]!.message).toMatch(/No image "no-such-file.webp" in the uploads/);
      expect(answer.rowErrorCount).toBe(6);
    }
    expect(await catalogueState()).toBe(before);
  });

  it('refuses a size moving to another product, a repeated product column that differs, and unknown columns', async () => {
    const answer = await imported(
      csvOf([
        { ...generatedCatalogue(1, 'gen')[0], handle: 'other-handle' },
        { ...generatedCatalogue(2, 'mix')[1] },
        { ...generatedCatalogue(2, 'mix')[2], name: 'Another name' },
      ]),
      true,
    );
    expect(answer.rowErrors).toEqual([
      {
        row: 2,
        column: 'sku',
        message: 'The SKU GEN-0-0 belongs to the product gen-scent-0: a size cannot move to another product.',
      },
      { row: 4, column: 'name', message: expect.stringMatching(/^Differs from row 3/) },
    ]);
    const header = await importCsv('handle,name,colour\r\na,b,c\r\n', true);
    expect(header.data!.importProducts.errors).toEqual([
      { field: 'file', code: 'INVALID_INPUT', message: 'Header row: Unknown column "colour".' },
      expect.objectContaining({
        field: 'file',
        message: expect.stringMatching(/^Header row: Missing columns: description/),
      }),
    ]);
  });
});

describe('product handles (migration 0025)', () => {
  it('are made from the name and id when a writer gives none, always in the handle format', async () => {
    const em = shop.orm.em.fork();
    const handles = await em.getConnection().execute<{ handle: string }[]>(
      `select product_handle_of(name, 7) as handle from (values ('Oud Savanna Eau de Parfum 100ml'), ('  --Crème  '),
         ('عود'), (repeat('a', 79) || ' bc')) names(name)`,
    );
    expect(handles.map((row) => row.handle)).toEqual([
      'oud-savanna-eau-de-parfum-100ml-7',
      'cr-me-7',
      'product-7',
      `${'a'.repeat(79)}-b-7`,
    ]);
    const [sample] = await em
      .getConnection()
      .execute<{ handle: string }[]>(`select handle from products where name = 'Oud Savanna Eau de Parfum'`);
    // Made when the sample was first written (before sample-sizes-v1 renamed it, in a shop seeded before sizes).
    expect(sample!.handle).toMatch(/^oud-savanna-eau-de-parfum(-100ml)?-\d+$/);
  });
});

describe('product CSV export', () => {
  it('writes the catalogue in the import format, and importing it gives the same catalogue (round trip)', async () => {
    // A name a spreadsheet would run as a formula, and text with every separator.
    await imported(
      csvOf([
        {
          handle: 'hostile-name',
          name: '=HYPERLINK("http://evil.example","Click")',
          description: 'Line one\r\nline two; "quoted", -minus',
          categories: 'FOR MEN',
          notes_top: '@mention',
          sku: '-SKU-1',
          price_kes: 100,
          quantity: 1,
        },
      ]).replace('-SKU-1', 'SKU-1'),
      false,
    );
    const before = await catalogueState();
    const csv = await exportCsv();
    expect(csv.startsWith('\uFEFFhandle,name,description,')).toBe(true);
    expect(csv).toContain(`hostile-name,"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    const lines = csv.split('\r\n').filter((line) => line.startsWith('gen-scent-'));
    expect(lines.length).toBeGreaterThan(200);

    const answer = await imported(csv, false);
    expect(answer).toMatchObject({ imported: true, productsCreated: 0, sizesCreated: 0, rowErrorCount: 0 });
    expect(answer.productsUpdated).toBeGreaterThan(200);
    expect(await catalogueState()).toBe(before);
    expect(await exportCsv()).toBe(csv);
  });

  it('reads the catalogue a page of products per statement', async () => {
    const products = singleRow(
      await shop.orm.em
        .fork()
        .getConnection()
        .execute<{ n: number }[]>(`select count(*)::int as n from products where archived_at is null`),
    ).n;
    const { statements } = await shop.statements.measure(() => exportCsv());
    // One per page, the empty last one included, and the session's own (the request's user).
    expect(statements).toBeLessThanOrEqual(Math.ceil(products / exportPageSize) + 1 + 3);
  });
});

describe('hostile files', () => {
  it('answer with errors as data, never a server error', async () => {
    const cases: (string | Buffer)[] = [
      '',
      '\uFEFF',
      'handle,name\r\n"unclosed,quote\r\n',
      Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00, 0x42]),
      Buffer.from('\x00\x01\x02binary'),
      `handle;name;description;categories;sku;price_kes;quantity\r\nsemi;Semi;Semicolons;FOR MEN;SEMI-1;100;1\r\n`,
      csvOf([{ handle: 'x' }]).replace(/\r\n$/, '\r\n"a""b,c\r\n'),
      `${productCsvColumns.join(',')}\r\n${'a,'.repeat(40_000)}\r\n`,
      `${productCsvColumns.join(',')}\r\n${'\r\n'.repeat(100_000)}`,
      `${productCsvColumns.join(',')}\r\n${'x\r\n'.repeat(5_001)}`,
    ];
    for (const csv of cases) {
      const answer = await importCsv(csv, true);
      expect(answer.status).toBe(200);
      expect(answer.errors).toBeUndefined();
      const payload = answer.data!.importProducts;
      expect(payload.errors.length + payload.rowErrorCount).toBeGreaterThan(
        csv.toString().startsWith('handle;') ? -1 : 0,
      );
    }
    const semicolons = await imported(cases[5]!, true);
    expect(semicolons).toMatchObject({ errors: [], rowErrorCount: 0, productsCreated: 1 });
    const tooMany = await imported(cases[9]!, true);
    expect(tooMany.errors[0]).toMatchObject({ field: 'file', code: 'OUT_OF_RANGE' });
  });

  it('over 5 MB is refused as data', async () => {
    const answer = await importCsv(Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), true);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.importProducts.errors[0]).toMatchObject({ field: 'file', code: 'FILE_TOO_LARGE' });
  });

  it('any text at all gives data, in time linear in its length', async () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('"', '""', ',', ';', '\r\n', '\n', '\uFEFF', "'=1+1", '|', '-1', '4500.5'),
    );
    const file = fc
      .array(fc.array(cell, { maxLength: 22 }), { maxLength: 8 })
      .map((rows) => [productCsvColumns.join(','), ...rows.map((row) => row.join(','))].join('\r\n'));
    await fc.assert(
      fc.asyncProperty(file, async (csv) => {
        const answer = await importCsv(csv, true);
        expect(answer.status).toBe(200);
        expect(answer.errors).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('is for admins only', async () => {
    const csv = csvOf(generatedCatalogue(1, 'guard'));
    const asShopper = await importCsv(csv, false, shopper.auth);
    expect(asShopper.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asGuest = await importCsv(csv, false, {});
    expect(asGuest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await shop.http.get('/api/admin/export/products.csv').set(shopper.auth).expect(403);
    await shop.http.get('/api/admin/export/products.csv').expect(401);
  });
});
