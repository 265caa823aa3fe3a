import { getIntrospectionQuery, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { loadConfig } from '../../config/config';
import { buildAppSchema } from '../schema';
import { checkDocumentLimits, operationComplexity, parseOptionsFor } from '../limits';
import { aliasBomb, fragmentBomb } from './hostile-documents';

const limits = loadConfig({}).graphql;

function operationOf(source: string) {
  const document = parse(source);
  const operation = document.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  return { document, operation };
}

describe('document limits', () => {
  it('refuse a document deeper than the limit, following fragments', async () => {
    const schema = await buildAppSchema();
    const deep = parse(
      '{ products { ...A } } fragment A on Product { categories { ...B } } fragment B on Category { id name }',
    );
    expect(() => checkDocumentLimits(schema, { ...limits, maxDepth: 3 }, deep)).not.toThrow();
    expect(() => checkDocumentLimits(schema, { ...limits, maxDepth: 2 }, deep)).toThrow(
      'Query is too deep: depth 3 exceeds the limit of 2.',
    );
  });

  it('count aliases and directives at every spread of a fragment', async () => {
    const schema = await buildAppSchema();
    const spreads = parse('{ products { ...F ...F ...F } } fragment F on Product { a: id b: name @include(if: true) }');
    expect(() => checkDocumentLimits(schema, { ...limits, maxAliases: 5 }, spreads)).toThrow(
      'Query is too complex: 6 aliases exceed the limit of 5.',
    );
    expect(() => checkDocumentLimits(schema, { ...limits, maxDirectives: 2 }, spreads)).toThrow(
      'Query is too complex: 3 directives exceed the limit of 2.',
    );
  });

  it('count an alias of __typename, or an alias named __typename, like any other (issue 23)', async () => {
    const schema = await buildAppSchema();
    const names = parse('{ a: __typename b: __typename products { c: __typename __typename: id } }');
    expect(() => checkDocumentLimits(schema, { ...limits, maxAliases: 3 }, names)).toThrow(
      'Query is too complex: 4 aliases exceed the limit of 3.',
    );
    expect(() => checkDocumentLimits(schema, { ...limits, maxAliases: 4 }, names)).not.toThrow();
  });

  it('let the standard introspection query (GraphiQL, codegen) through the defaults', async () => {
    const schema = await buildAppSchema();
    const source = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
    const { document, operation } = operationOf(source);
    expect(() => parse(source, parseOptionsFor(limits))).not.toThrow();
    expect(() => checkDocumentLimits(schema, limits, document)).not.toThrow();
    expect(operationComplexity(schema, document, operation, {})).toBeLessThanOrEqual(limits.maxComplexity);
  });

  it('stop the parser at the token limit', () => {
    expect(() => parse(aliasBomb(2100), parseOptionsFor(limits))).toThrow(/contains more tha[nt] 2000 tokens/);
  });
});

describe('operationComplexity', () => {
  it('multiplies a list by its page size (the resolver’s own estimate), from a variable or a literal', async () => {
    const schema = await buildAppSchema();
    const { document, operation } = operationOf('query ($n: Int) { products(limit: $n) { id name } }');
    // graphql-armor's cost: the list field 1 plus its two fields, times the rows asked for.
    expect(operationComplexity(schema, document, operation, { n: 10 })).toBe(30);
    expect(operationComplexity(schema, document, operation, { n: 100 })).toBe(300);
    // No limit: the rows the resolver gives unasked (60 products; 4 related products, as the product page asks).
    expect(operationComplexity(schema, document, operation, {})).toBe(180);
    const related = operationOf('{ relatedProducts(productId: 1) { id name } }');
    expect(operationComplexity(schema, related.document, related.operation, {})).toBe(12);
    const literal = operationOf('{ products(limit: 100000) { id name } }');
    expect(operationComplexity(schema, literal.document, literal.operation, {})).toBe(300_000);
    const suggestions = operationOf('query ($k: Int) { searchSuggestions(q: "ro", first: $k) { products { id } } }');
    // Twice `first` (products and categories), times (1 + products 1 + its id 1).
    expect(operationComplexity(schema, suggestions.document, suggestions.operation, { k: 20 })).toBe(120);
  });

  it('weighs fields within fragments and inline fragments, and introspection like any field', async () => {
    const schema = await buildAppSchema();
    const spread = operationOf('{ products(limit: 2) { ...F } } fragment F on Product { id name }');
    const inline = operationOf('{ products(limit: 2) { ... on Product { id name } } }');
    expect(operationComplexity(schema, spread.document, spread.operation, {})).toBeGreaterThanOrEqual(6);
    expect(operationComplexity(schema, inline.document, inline.operation, {})).toBeGreaterThanOrEqual(6);
    const types = operationOf('{ __schema { types { name fields { name } } } }');
    expect(operationComplexity(schema, types.document, types.operation, {})).toBeGreaterThan(0);
  });

  it('counts each spread of a fragment in full, computing the fragment once (linear time)', async () => {
    const schema = await buildAppSchema();
    const { document, operation } = operationOf(fragmentBomb(10));
    // Each level spreads the next twice: 2^10 leaves of cost 1 under one product… times the page size.
    const bomb = operationComplexity(schema, document, operation, {});
    expect(bomb).toBeGreaterThanOrEqual(1024);
    // 2^1500 spreads: a walk that visits each spread would never end, so the test's own timeout is what fails an
    // exponential estimator. No stopwatch here (speed lives in `npm run bench`).
    const huge = operationOf(fragmentBomb(1500));
    expect(operationComplexity(schema, huge.document, huge.operation, {})).toBe(Infinity);
  });
});
