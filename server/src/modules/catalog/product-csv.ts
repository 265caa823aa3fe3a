import { parse } from 'csv-parse/sync';
import { AppError, FieldError } from '../../core/errors';
import { shillingsToCents } from '../../shared/money';
import { isValidKey } from '../../storage/file-storage';
import { maxNoteLength, maxNotesPerTier, normaliseNotes, scentFamilyNames, forWhomNames } from './fragrance-facts';
import { ForWhom, ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';
import { productLimits } from './product-form-rules';
import { maxProductImages } from './product-upload';

/*
 * The product CSV (decision 0086): one row per size, the product's columns repeated on each of its rows and
 * grouped by `handle`, like Shopify's product CSV. This file is the format alone: its columns, reading a file into
 * checked rows with their errors, and writing a row. The database side is product-csv-import.service.ts.
 */

export const productCsvColumns = [
  'handle',
  'name',
  'description',
  'categories',
  'scent_family',
  'for_whom',
  'notes_top',
  'notes_heart',
  'notes_base',
  'images',
  'size_ml',
  'concentration',
  'is_sample',
  'sku',
  'price_kes',
  'sale_price_kes',
  'on_sale',
  'quantity',
  'size_images',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

/** The product's own columns: given on a handle's first row, blank or the same on its other rows. */
export const productColumns = [
  'name',
  'description',
  'categories',
  'scent_family',
  'for_whom',
  'notes_top',
  'notes_heart',
  'notes_base',
  'images',
] as const satisfies readonly ProductCsvColumn[];

const optionalColumns = new Set<ProductCsvColumn>([
  'scent_family',
  'for_whom',
  'notes_top',
  'notes_heart',
  'notes_base',
  'images',
  'size_ml',
  'concentration',
  'is_sample',
  'sale_price_kes',
  'on_sale',
  'size_images',
]);

/** Limits, each checked in one pass over the input. */
export const productCsvLimits = {
  /** The upload middleware's file limit too (product-upload.ts). */
  bytes: 5 * 1024 * 1024,
  rows: 5_000,
  handle: 100,
  sku: 64,
  categories: 20,
  /** One record's characters, quotes and all: a description of 5,000 and the rest. */
  recordChars: 64 * 1024,
  /** Row errors sent back; the count says how many there were in all. */
  errorsShown: 500,
} as const;

/** The separator inside a cell that holds a list (categories, notes, images). */
export const listSeparator = '|';

const handlePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const skuPattern = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export interface ProductCsvRowError {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  column: string;
  message: string;
}

/** One size as a row of the file, checked apart from the database. */
export interface ProductCsvRow {
  row: number;
  handle: string;
  /** The product's columns as given on this row (null: blank). */
  product: {
    name: string | null;
    description: string | null;
    categories: string[] | null;
    scentFamily: ScentFamily | null | undefined;
    forWhom: ForWhom | null | undefined;
    notesTop: string[] | null;
    notesHeart: string[] | null;
    notesBase: string[] | null;
    images: string[] | null;
  };
  /** The product's columns' raw text, to compare a handle's rows with its first. */
  productText: Record<(typeof productColumns)[number], string>;
  sizeMl: number | null;
  concentration: Concentration | null;
  isSample: boolean;
  sku: string | null;
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
  quantity: number;
  sizeImages: string[];
}

export interface ParsedProductCsv {
  /** Every row read, those with errors too (see errors). */
  rows: ProductCsvRow[];
  errors: ProductCsvRowError[];
  /** Data rows read (blank lines left out). */
  rowCount: number;
}

const fileError = (message: string, code: 'INVALID_INPUT' | 'FILE_TOO_LARGE' | 'OUT_OF_RANGE' = 'INVALID_INPUT') =>
  AppError.badInput([FieldError.of('file', code, message)]);

const formulaGuard = /^'[=+\-@\t\r]/;

/**
 * A cell as written: trimmed, and without the apostrophe an export puts before text a spreadsheet would read as a
 * formula (csv.ts), so an export imports as it was.
 */
function cellText(value: string | undefined): string {
  const text = (value ?? '').trim();
  return formulaGuard.test(text) ? text.slice(1) : text;
}

const concentrationWords: Record<string, Concentration> = {
  edc: Concentration.EAU_DE_COLOGNE,
  edt: Concentration.EAU_DE_TOILETTE,
  edp: Concentration.EAU_DE_PARFUM,
  extrait: Concentration.PARFUM,
  extrait_de_parfum: Concentration.PARFUM,
  parfum_extrait: Concentration.PARFUM,
};

/** 'eau_de_parfum', 'Eau de Parfum', 'EDP' alike. */
function enumKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s/-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function concentrationOf(text: string): Concentration | undefined {
  const key = enumKey(text);
  return (Object.values(Concentration) as string[]).includes(key) ? (key as Concentration) : concentrationWords[key];
}

function scentFamilyOf(text: string): ScentFamily | undefined {
  const key = enumKey(text);
  const byName = Object.entries(scentFamilyNames).find(([, name]) => enumKey(name) === key)?.[0];
  if (key === 'oriental') return ScentFamily.AMBER;
  return (Object.values(ScentFamily) as string[]).includes(key) ? (key as ScentFamily) : (byName as ScentFamily);
}

function forWhomOf(text: string): ForWhom | undefined {
  const key = enumKey(text);
  const byName = Object.entries(forWhomNames).find(([, name]) => enumKey(name) === key)?.[0];
  return (Object.values(ForWhom) as string[]).includes(key) ? (key as ForWhom) : (byName as ForWhom | undefined);
}

const yes = new Set(['true', 'yes', 'y', '1']);
const no = new Set(['false', 'no', 'n', '0', '']);

function listOf(text: string): string[] {
  return text
    .split(listSeparator)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Reads the file: UTF-8 (a byte order mark is fine), commas between cells (or semicolons, as spreadsheets in
 * comma-decimal locales save, when the header has no comma), CRLF or LF. Problems with the file as a whole are
 * thrown (field 'file'); problems with a row come back as that row's errors. Linear in the input: the record
 * size is capped, and rows past the limit are counted, not kept.
 */
export function parseProductCsv(data: Buffer): ParsedProductCsv {
  if (data.length > productCsvLimits.bytes) {
    throw fileError(`The file is over ${productCsvLimits.bytes / 1024 / 1024} MB.`, 'FILE_TOO_LARGE');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fileError('The file is not UTF-8 text: save it from your spreadsheet as "CSV UTF-8".');
  }
  if (text.includes('\0')) throw fileError('The file is not a CSV file (it holds binary data).');
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';

  let seen = 0;
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: productCsvLimits.recordChars,
      // Past the limit a record is only counted (the header is record 1).
      on_record: (record: string[]) => (++seen > productCsvLimits.rows + 1 ? null : record),
    }) as string[][];
  } catch (error) {
    throw fileError(describeParseError(error));
  }
  const dataRows = Math.max(seen - 1, 0);
  const header = records[0];
  if (!header) throw fileError('The file is empty: it needs a header row and one row per size.');
  const columns = readHeader(header);
  const rows: ProductCsvRow[] = [];
  const errors: ProductCsvRowError[] = [];
  for (let index = 1; index < records.length; index += 1) {
    const record = records[index]!;
    if (record.every((cell) => cell.trim() === '')) continue;
    const row = index + 1;
    if (record.length !== header.length) {
      errors.push({
        row,
        column: '',
        message: `The row has ${record.length} cells where the header has ${header.length} (a quote or ${delimiter === ';' ? 'semicolon' : 'comma'} too many or too few?).`,
      });
      continue;
    }
    const cells = {} as Record<ProductCsvColumn, string>;
    for (const column of productCsvColumns) {
      const at = columns.get(column);
      cells[column] = at === undefined ? '' : cellText(record[at]);
    }
    const checked = checkRow(row, cells);
    errors.push(...checked.errors);
    // Kept even with errors, so its product's other rows are compared with the right first row.
    rows.push(checked.row);
  }
  if (dataRows > productCsvLimits.rows) {
    throw fileError(
      `The file has ${dataRows.toLocaleString('en-KE')} rows; at most ${productCsvLimits.rows.toLocaleString('en-KE')} at a time: split it.`,
      'OUT_OF_RANGE',
    );
  }
  if (dataRows === 0) throw fileError('The file has a header but no rows.');
  return { rows, errors, rowCount: dataRows };
}

function describeParseError(error: unknown): string {
  const { code, lines } = (error ?? {}) as { code?: string; lines?: number };
  const where = typeof lines === 'number' ? ` (line ${lines} of the file)` : '';
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `A quoted cell never closes${where}: every " that starts a cell needs its closing ".`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_OPENING_QUOTE':
      return `A quote is out of place${where}: a cell with " in it must be quoted, its quotes doubled ("").`;
    case 'CSV_MAX_RECORD_SIZE':
      return `A row is too long${where}: at most ${productCsvLimits.recordChars.toLocaleString('en-KE')} characters.`;
    default:
      return `The file could not be read as CSV${where}.`;
  }
}

/** Header names (any case, trimmed) to their positions; unknown or repeated names and missing ones refused. */
function readHeader(header: string[]): Map<ProductCsvColumn, number> {
  const columns = new Map<ProductCsvColumn, number>();
  const problems: string[] = [];
  header.forEach((cell, index) => {
    const name = cellText(cell).toLowerCase().replace(/\s+/g, '_');
    if (!(productCsvColumns as readonly string[]).includes(name)) {
      problems.push(`Unknown column "${cell.slice(0, 40)}".`);
    } else if (columns.has(name as ProductCsvColumn)) {
      problems.push(`The column "${name}" appears twice.`);
    } else {
      columns.set(name as ProductCsvColumn, index);
    }
  });
  const missing = productCsvColumns.filter((column) => !columns.has(column) && !optionalColumns.has(column));
  if (missing.length > 0) problems.push(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  if (problems.length > 0) {
    throw AppError.badInput(
      problems.slice(0, 10).map((message) => FieldError.of('file', 'INVALID_INPUT', `Header row: ${message}`)),
    );
  }
  return columns;
}

function imagesOf(text: string, column: string, row: number, errors: ProductCsvRowError[]): string[] {
  const names = listOf(text);
  for (const name of names) {
    if (!isValidKey(name))
      errors.push({ row, column, message: `"${name.slice(0, 60)}" is not a file name of the uploads.` });
  }
  if (names.length > maxProductImages) {
    errors.push({ row, column, message: `At most ${maxProductImages} images.` });
  }
  return names;
}

function money(text: string, column: string, row: number, errors: ProductCsvRowError[]): number | null {
  if (!text) return null;
  const cents = shillingsToCents(text);
  if (cents === undefined || cents <= 0 || cents > productLimits.priceCents) {
    errors.push({
      row,
      column,
      message: `"${text.slice(0, 20)}" is not a price in KES (e.g. 4500 or 4500.50, no commas or "Ksh").`,
    });
    return null;
  }
  return cents;
}

function notesOf(text: string, column: string, row: number, errors: ProductCsvRowError[]): string[] {
  const notes = normaliseNotes(listOf(text));
  if (notes.length > maxNotesPerTier) errors.push({ row, column, message: `At most ${maxNotesPerTier} notes.` });
  if (notes.some((note) => note.length > maxNoteLength)) {
    errors.push({ row, column, message: `A note is at most ${maxNoteLength} characters.` });
  }
  return notes;
}

/** One row's cells checked on their own (the file's and the database's rules come after). */
function checkRow(
  row: number,
  cells: Record<ProductCsvColumn, string>,
): { row: ProductCsvRow; errors: ProductCsvRowError[] } {
  const errors: ProductCsvRowError[] = [];
  const error = (column: ProductCsvColumn, message: string) => errors.push({ row, column, message });

  const handle = cells.handle.toLowerCase();
  if (!handle) error('handle', 'A handle is required: it groups the sizes of one product.');
  else if (handle.length > productCsvLimits.handle || !handlePattern.test(handle)) {
    error(
      'handle',
      `A handle is lower-case letters and digits joined by hyphens (e.g. cedar-ridge), at most ${productCsvLimits.handle} characters.`,
    );
  }

  const name = cells.name || null;
  if (name && name.length > productLimits.name) error('name', `At most ${productLimits.name} characters.`);
  const description = cells.description || null;
  if (description && description.length > productLimits.description) {
    error('description', `At most ${productLimits.description.toLocaleString('en-KE')} characters.`);
  }
  const categories = cells.categories ? listOf(cells.categories) : null;
  if (categories && categories.length > productCsvLimits.categories) {
    error('categories', `At most ${productCsvLimits.categories} categories.`);
  }
  let scentFamily: ScentFamily | null | undefined = null;
  if (cells.scent_family) {
    scentFamily = scentFamilyOf(cells.scent_family);
    if (!scentFamily) {
      error(
        'scent_family',
        `Unknown scent family "${cells.scent_family.slice(0, 40)}": one of ${Object.values(ScentFamily).join(', ')}.`,
      );
    }
  }
  let forWhom: ForWhom | null | undefined = null;
  if (cells.for_whom) {
    forWhom = forWhomOf(cells.for_whom);
    if (!forWhom)
      error('for_whom', `"${cells.for_whom.slice(0, 40)}" is not one of ${Object.values(ForWhom).join(', ')}.`);
  }

  let sizeMl: number | null = null;
  if (cells.size_ml) {
    const size = /^\d{1,6}$/.test(cells.size_ml) ? Number(cells.size_ml) : NaN;
    if (!(size > 0 && size <= 100_000))
      error('size_ml', `"${cells.size_ml.slice(0, 20)}" is not a size in ml (a whole number, e.g. 50).`);
    else sizeMl = size;
  }
  let concentration: Concentration | null = null;
  if (cells.concentration) {
    concentration = concentrationOf(cells.concentration) ?? null;
    if (!concentration) {
      error(
        'concentration',
        `Unknown concentration "${cells.concentration.slice(0, 40)}": one of ${Object.values(Concentration).join(', ')}.`,
      );
    }
  }
  const flag = (column: 'is_sample' | 'on_sale'): boolean => {
    const value = cells[column].toLowerCase();
    if (yes.has(value)) return true;
    if (!no.has(value)) error(column, `"${cells[column].slice(0, 20)}" is not true or false.`);
    return false;
  };
  const isSample = flag('is_sample');
  const onSale = flag('on_sale');

  const sku = cells.sku || null;
  if (sku && (sku.length > productCsvLimits.sku || !skuPattern.test(sku))) {
    error('sku', `A SKU is letters, digits and . _ / - (no spaces), at most ${productCsvLimits.sku} characters.`);
  }
  const priceCents = money(cells.price_kes, 'price_kes', row, errors);
  if (!cells.price_kes) error('price_kes', 'A price is required.');
  const salePriceCents = money(cells.sale_price_kes, 'sale_price_kes', row, errors);
  if (onSale && !cells.sale_price_kes) error('sale_price_kes', 'A sale price is required when on_sale is true.');
  if (priceCents !== null && salePriceCents !== null && salePriceCents >= priceCents) {
    error('sale_price_kes', 'The sale price must be less than the price.');
  }
  let quantity = 0;
  if (!/^\d{1,7}$/.test(cells.quantity) || Number(cells.quantity) > productLimits.quantity) {
    error(
      'quantity',
      cells.quantity
        ? `"${cells.quantity.slice(0, 20)}" is not a quantity (a whole number from 0).`
        : 'A quantity is required.',
    );
  } else {
    quantity = Number(cells.quantity);
  }

  const parsed: ProductCsvRow = {
    row,
    handle,
    product: {
      name,
      description,
      categories,
      scentFamily,
      forWhom,
      notesTop: cells.notes_top ? notesOf(cells.notes_top, 'notes_top', row, errors) : null,
      notesHeart: cells.notes_heart ? notesOf(cells.notes_heart, 'notes_heart', row, errors) : null,
      notesBase: cells.notes_base ? notesOf(cells.notes_base, 'notes_base', row, errors) : null,
      images: cells.images ? imagesOf(cells.images, 'images', row, errors) : null,
    },
    productText: Object.fromEntries(
      productColumns.map((column) => [column, cells[column]]),
    ) as ProductCsvRow['productText'],
    sizeMl,
    concentration,
    isSample,
    sku,
    priceCents: priceCents ?? 0,
    salePriceCents,
    onSale,
    quantity,
    sizeImages: imagesOf(cells.size_images, 'size_images', row, errors),
  };
  return { row: parsed, errors };
}

/** A product as the file describes it: its first row's columns and every size, in file order. */
export interface ProductCsvGroup {
  handle: string;
  first: ProductCsvRow;
  sizes: ProductCsvRow[];
}

/**
 * Rows grouped by handle (in the order handles first appear), with the file's own rules: a product's columns on
 * its first row (name, description, categories required), its other rows blank there or the same, and no SKU twice.
 */
export function groupProductRows(rows: ProductCsvRow[]): { groups: ProductCsvGroup[]; errors: ProductCsvRowError[] } {
  const groups = new Map<string, ProductCsvGroup>();
  const errors: ProductCsvRowError[] = [];
  const skuRows = new Map<string, number>();
  for (const row of rows) {
    if (row.sku) {
      const key = row.sku.toLowerCase();
      const earlier = skuRows.get(key);
      if (earlier !== undefined) {
        errors.push({ row: row.row, column: 'sku', message: `The SKU ${row.sku} is already on row ${earlier}.` });
        continue;
      }
      skuRows.set(key, row.row);
    }
    const group = groups.get(row.handle);
    if (!group) {
      const missing: [string, unknown][] = [
        ['name', row.product.name],
        ['description', row.product.description],
        ['categories', row.product.categories?.length ? row.product.categories : null],
      ];
      const blank = missing.filter(([, value]) => value === null);
      blank.forEach(([column]) =>
        errors.push({ row: row.row, column, message: `Required on a product's first row (${column}).` }),
      );
      groups.set(row.handle, { handle: row.handle, first: row, sizes: [row] });
      continue;
    }
    const differs = productColumns.filter(
      (column) => row.productText[column] !== '' && row.productText[column] !== group.first.productText[column],
    );
    differs.forEach((column) =>
      errors.push({
        row: row.row,
        column,
        message: `Differs from row ${group.first.row}, the first row of ${row.handle}: leave it blank or the same.`,
      }),
    );
    if (differs.length === 0) group.sizes.push(row);
  }
  return { groups: [...groups.values()], errors };
}
