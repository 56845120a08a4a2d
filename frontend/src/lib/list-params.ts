import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The page and size every back-office list has; `limit` only where the list offers sizes. */
export interface ListPage {
  page: number;
  limit?: number;
}

interface Options<P extends ListPage> {
  /** The list's own parameters from the address (the page and size are read here). */
  read: (search: URLSearchParams) => Omit<P, 'page' | 'limit'>;
  /** The list's own parameters as address entries; empty ones are left out. */
  write: (params: P) => Record<string, string | undefined>;
  /** The page sizes offered, the first the default; none for a fixed size. */
  sizes?: number[];
}

/** A day (YYYY-MM-DD) from the address, or none when the entry is missing or not a day. */
export function dayParam(search: URLSearchParams, key: string): string | undefined {
  const value = search.get(key);
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/**
 * A back-office list's filters, sort and page live in the address: back and forward keep them
 * and a dashboard figure can link to them. Any change but the page's goes back to the first page.
 */
export function useListParams<P extends ListPage>({ read, write, sizes }: Options<P>): [P, (change: Partial<P>) => void] {
  const [search, setSearch] = useSearchParams();
  const paramsOf = (from: URLSearchParams) => {
    const limit = Number(from.get('limit'));
    return {
      ...read(from),
      page: Math.max(1, Number(from.get('page')) || 1),
      ...(sizes ? { limit: sizes.includes(limit) ? limit : sizes[0] } : {}),
    } as P;
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read and sizes are the list's constants
  const params = useMemo(() => paramsOf(search), [search]);
  // The address this hook last asked for, and the one it was drawn with then. Two changes before
  // the list draws again (To, then From at once) must build on each other: the second would
  // otherwise start from this drawing's address and drop the first.
  const asked = useRef<{ drawn: string; next: URLSearchParams } | null>(null);
  // Once drawn with a new address (this hook's or a link's), that address is the one to build on.
  useEffect(() => {
    asked.current = null;
  }, [search]);
  const update = (change: Partial<P>) => {
    const latest = asked.current?.drawn === search.toString() ? asked.current.next : search;
    const next = { ...paramsOf(latest), page: 1, ...change };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(write(next))) if (value) out.set(key, value);
    if (next.page > 1) out.set('page', String(next.page));
    if (sizes && next.limit !== sizes[0]) out.set('limit', String(next.limit));
    asked.current = { drawn: search.toString(), next: out };
    setSearch(out, { replace: true });
  };
  return [params, update];
}
