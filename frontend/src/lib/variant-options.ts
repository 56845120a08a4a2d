import { useMemo, useState } from 'react';
import type { Variant } from '@/lib/api-types';
import { sortBySize } from '@/lib/sizes';

/** A colour a product comes in: its name, swatch and whether any size of it is in stock. */
export interface ColourOption {
  name: string;
  hex: string | null;
  inStock: boolean;
}

/** A size of the chosen colour (or of any colour when none is chosen). */
export interface SizeOption {
  size: string;
  inStock: boolean;
}

/** The product's colours in the order its variants first name them. */
export function colourOptions(variants: Variant[]): ColourOption[] {
  const byName = new Map<string, ColourOption>();
  for (const v of variants) {
    const name = v.color?.trim() ?? '';
    if (!name) continue;
    const found = byName.get(name);
    if (found) {
      found.inStock ||= v.stock > 0;
      found.hex ??= v.colorHexCode;
    } else {
      byName.set(name, { name, hex: v.colorHexCode, inStock: v.stock > 0 });
    }
  }
  return [...byName.values()];
}

/** The sizes, sorted as a shopper expects; in stock means in stock in `colour` (any colour when null). */
export function sizeOptions(variants: Variant[], colour: string | null): SizeOption[] {
  const bySize = new Map<string, SizeOption>();
  for (const v of sortBySize(variants)) {
    const counts = colour === null || v.color === colour;
    const found = bySize.get(v.size);
    if (found) found.inStock ||= counts && v.stock > 0;
    else bySize.set(v.size, { size: v.size, inStock: counts && v.stock > 0 });
  }
  return [...bySize.values()];
}

/**
 * The size chosen after a tap on size `tapped`: another size is chosen; the chosen one is
 * cleared, unless it is the only size of the colour in stock (a "Free Size" product would be
 * left with nothing to add to the cart).
 */
export function sizeAfterTap(sizes: SizeOption[], chosen: string | null, tapped: string): string | null {
  if (tapped !== chosen) return tapped;
  return sizes.filter((s) => s.inStock).length > 1 ? null : tapped;
}

/** The variant of a colour and size; a product with one colour needs only the size. */
export function findVariant(variants: Variant[], colour: string | null, size: string | null): Variant | null {
  if (size === null) return null;
  const colours = colourOptions(variants);
  return (
    variants.find((v) => v.size === size && (colour === null ? colours.length <= 1 : v.color === colour)) ?? null
  );
}

/** The first variant a shopper can buy (the API's order), or null when all are sold out. */
export function firstInStock(variants: Variant[]): Variant | null {
  return variants.find((v) => v.stock > 0) ?? null;
}

/** A light swatch (white, beige, peach) needs a visible ring on a white page. */
export function isLightColour(hex: string | null): boolean {
  if (!hex) return true;
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return false;
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 200;
}

/**
 * A shopper's choice of colour and size among a product's variants. At first the first variant
 * in stock is chosen (a sold-out one only when all are). `shown` is the variant whose price and
 * badge to show: the chosen one, else the chosen colour's first in stock.
 */
export function useVariantChoice(productVariants: Variant[] | undefined) {
  const variants = useMemo(() => productVariants ?? [], [productVariants]);
  const colours = useMemo(() => colourOptions(variants), [variants]);
  const [choice, setChoice] = useState(() => {
    const first = firstInStock(variants);
    return { colour: first?.color ?? colours[0]?.name ?? null, size: first?.size ?? null };
  });
  const sizes = useMemo(() => sizeOptions(variants, choice.colour), [variants, choice.colour]);
  const selected = findVariant(variants, choice.colour, choice.size);
  const shown =
    selected ?? variants.find((v) => v.color === choice.colour && v.stock > 0) ?? firstInStock(variants) ?? variants[0] ?? null;

  /** Keeps the size when the new colour has it in stock, else takes the colour's first size in stock. */
  function chooseColour(colour: string): { colour: string; size: string | null } {
    const keep = variants.some((v) => v.color === colour && v.size === choice.size && v.stock > 0);
    const next = { colour, size: keep ? choice.size : (sizeOptions(variants, colour).find((s) => s.inStock)?.size ?? null) };
    setChoice(next);
    return next;
  }
  const chooseSize = (size: string | null) => setChoice((c) => ({ ...c, size }));

  return { variants, colours, sizes, choice, selected, shown, chooseColour, chooseSize };
}
