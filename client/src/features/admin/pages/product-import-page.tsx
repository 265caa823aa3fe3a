import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useImportProductsMutation, type ImportProductsMutation } from '../api/product-import.generated';

type ImportResult = ImportProductsMutation['importProducts'];

const exportHref = '/api/admin/export/products.csv';

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-KE')} ${noun}${count === 1 ? '' : 's'}`;
}

function Summary({ result }: { result: ImportResult }) {
  const products = `${plural(result.productsCreated, 'new product')}, ${plural(result.productsUpdated, 'product')} updated`;
  const sizes = `${plural(result.sizesCreated, 'new size')}, ${plural(result.sizesUpdated, 'size')} updated`;
  return (
    <div role="status" aria-label="Import summary">
      <p>
        {result.imported
          ? 'Imported.'
          : `The file is ready to import: ${plural(result.rowCount, 'row')} and no errors.`}
      </p>
      <ul>
        <li>
          {result.imported ? '' : 'Would give '}
          {products}
        </li>
        <li>
          {result.imported ? '' : 'Would give '}
          {sizes}
        </li>
      </ul>
    </div>
  );
}

function RowErrors({ result }: { result: ImportResult }) {
  return (
    <>
      <p role="alert" className="admin-error">
        {plural(result.rowErrorCount, 'error')} in {plural(result.rowCount, 'row')}: fix the file and check it again.
        Nothing was imported.
        {result.rowErrorCount > result.rowErrors.length ? ` The first ${result.rowErrors.length} are shown.` : ''}
      </p>
      <table className="admin-table" aria-label="Errors per row">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {result.rowErrors.map((error, index) => (
            <tr key={`${error.row}-${error.column}-${index}`}>
              <td>{error.row}</td>
              <td>{error.column || '—'}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * /oxalis/import: the product CSV (decision 0086). Download the catalogue, choose a file, check it (a dry run that
 * lists each row's errors and writes nothing), then import it once the check is clean.
 */
export function ProductImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importProducts, { loading }] = useImportProductsMutation();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setChecked(null);
    setResult(null);
    setFailure(null);
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    setFailure(null);
    try {
      const { data } = await importProducts({ variables: { file, dryRun } });
      const answer = data?.importProducts;
      if (!answer) throw new Error('no answer');
      if (answer.errors.length > 0) {
        setChecked(null);
        setFailure(answer.errors.map((error) => error.message).join(' '));
        return;
      }
      if (dryRun) setChecked(answer);
      else {
        setResult(answer);
        setChecked(answer.imported ? null : answer);
      }
    } catch {
      setFailure(dryRun ? 'The file could not be checked. Try again.' : 'The import failed. Try again.');
    }
  }

  const clean = checked !== null && checked.rowErrorCount === 0 && checked.dryRun;
  const shown = result?.imported ? result : checked;

  return (
    <section className="admin-page">
      <PageMeta title="Import / Export products" noIndex />
      <h1>Import / Export products</h1>
      <p>
        <Link to="/oxalis/inventory">Back to inventory</Link>
      </p>
      <h2>Export</h2>
      <p>
        One row per size; a product&apos;s columns repeat on each of its rows, grouped by <code>handle</code>. Prices in
        KES.
      </p>
      <a className="button button--outline" href={exportHref} download>
        Download products CSV
      </a>
      <h2>Import</h2>
      <p>
        Up to 5,000 rows and 5 MB. Rows with a known SKU update that size; a known handle updates that product. Images
        are file names already in the uploads, separated by <code>|</code>. Nothing is removed.
      </p>
      <div className="admin-form">
        <label htmlFor="product-csv">CSV file</label>
        <input id="product-csv" type="file" accept=".csv,text/csv" onChange={choose} />
        <div className="admin-actions">
          <button
            type="button"
            className="button button--outline"
            disabled={!file || loading}
            onClick={() => void run(true)}
          >
            Check file
          </button>
          <button type="button" className="button" disabled={!clean || loading} onClick={() => void run(false)}>
            Import
          </button>
        </div>
      </div>
      {loading ? <p role="status">Working…</p> : null}
      {failure ? (
        <p role="alert" className="admin-error">
          {failure}
        </p>
      ) : null}
      {shown && shown.rowErrorCount > 0 ? <RowErrors result={shown} /> : null}
      {shown && shown.rowErrorCount === 0 ? <Summary result={shown} /> : null}
    </section>
  );
}
