import { useId } from 'react';
import type { ForWhom, FragranceFacts_ProductFragment, ScentFamily } from '../api/fragrance-facts.generated';
import { FOR_WHOM_LABELS, noteLabel, scentFamilyLabel } from '../fragrance-names';
import './fragrance-facts.css';

/**
 * The product page's fragrance facts: scent family, for whom, and the notes by tier. Nothing for a product without
 * any (a room spray may have none).
 */
export function FragranceFacts({ product }: { product: FragranceFacts_ProductFragment }) {
  const headingId = useId();
  const facts: [string, string][] = [];
  if (product.scentFamily) facts.push(['Scent family', scentFamilyLabel(product.scentFamily as ScentFamily)]);
  if (product.forWhom) facts.push(['For', FOR_WHOM_LABELS[product.forWhom as ForWhom]]);
  for (const [label, notes] of [
    ['Top notes', product.notesTop],
    ['Heart notes', product.notesHeart],
    ['Base notes', product.notesBase],
  ] as const) {
    if (notes.length > 0) facts.push([label, notes.map(noteLabel).join(', ')]);
  }
  if (facts.length === 0) return null;
  return (
    <section className="fragrance-facts" aria-labelledby={headingId}>
      <h2 id={headingId} className="fragrance-facts__heading">
        Fragrance
      </h2>
      <dl className="fragrance-facts__list">
        {facts.map(([term, value]) => (
          <div key={term} className="fragrance-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
