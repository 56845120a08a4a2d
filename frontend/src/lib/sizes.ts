const ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL', '5XL'];

function rank(size: string): [number, number, string] {
  const s = size.trim().toUpperCase();
  const idx = ORDER.indexOf(s);
  if (idx >= 0) return [0, idx, s];
  const n = Number.parseFloat(s);
  if (Number.isFinite(n)) return [1, n, s];
  return [2, 0, s];
}

/** Orders sizes as a shopper expects: XS < S < M < L < XL…, then numeric sizes, then the rest. */
export function compareSizes(a: string, b: string): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra[0] !== rb[0]) return ra[0] - rb[0];
  if (ra[1] !== rb[1]) return ra[1] - rb[1];
  return ra[2].localeCompare(rb[2]);
}

export function sortBySize<T extends { size: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => compareSizes(a.size, b.size));
}
