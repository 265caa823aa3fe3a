/**
 * Documents from issue 10's attacks. A fragment bomb: each fragment spreads the next twice, so the
 * document's size grows with `levels` and what it expands to with 2^levels.
 */
export function fragmentBomb(levels: number): string {
  const fragments = Array.from(
    { length: levels },
    (_, level) => `fragment F${level} on Product { ...F${level + 1} ...F${level + 1} }`,
  );
  return `query Bomb { products(limit: 1) { ...F0 } }\n${fragments.join('\n')}\nfragment F${levels} on Product { id }`;
}

/** `count` aliased copies of one public query, each spreading the same fragment. */
export function aliasBomb(count: number): string {
  const aliases = Array.from({ length: count }, (_, index) => `a${index}: products { ...Card }`);
  return `query Aliases { ${aliases.join(' ')} }\nfragment Card on Product { id name description priceCents }`;
}

/**
 * Issue 23: `count` aliases of `__typename`, at the root and inside a list, which graphql-armor's rule left out of
 * its count (its default allow-list).
 */
export function typenameAliases(count: number): string {
  const aliases = Array.from({ length: count }, (_, index) => `t${index}: __typename`);
  const half = Math.floor(count / 2);
  return `query Names { ${aliases.slice(0, half).join(' ')} categories { ${aliases.slice(half).join(' ')} } }`;
}
