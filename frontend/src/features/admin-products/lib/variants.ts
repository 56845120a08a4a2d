import type { Variant } from '@/lib/api-types';
import COLOURS from '@/lib/colours.json';
import type { VariantDraft, VariantErrors } from '../types';

export const VARIANT_MESSAGES = {
  discountTooHigh: 'Discount Price cannot be greater than Original Price',
  originalTooLow: 'Original Price must be greater than or equal to Discount Price',
  sizeRequired: 'Please fill Size',
  colorRequired: 'Please fill Color',
  colorInvalid: 'Color must be a name or a hex code (#RGB or #RRGGBB)',
  hexInvalid: 'Hex code must be #RGB or #RRGGBB',
  stockInvalid: 'Stock must be a whole number of 0 or more',
  originalRequired: 'Please fill Original Price',
  priceInvalid: 'Price must be a number of 0 or more',
  skuInvalid: "SKU must be at most 40 letters, digits, '-', '_', '.' or '/'",
} as const;

const SKU = /^[A-Za-z0-9._/-]{1,40}$/;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAME = /^[\p{L}][\p{L} '-]*$/u;

/** How colour names are compared, as on the server: case, spaces and hyphens do not matter. */
function nameKey(name: string): string {
  return name.replace(/[\s-]/g, '').toLowerCase();
}

/**
 * The shop's one colour list (lib/colours.json, which the server reads too): the CSS named
 * colours and the shop's own. A typed name fills the hex; a picked colour gets the nearest name.
 */
const NAMED_COLORS: ReadonlyArray<readonly [name: string, hex: string]> = Object.entries(COLOURS).filter(
  ([name]) => !name.startsWith('$'),
);
const HEX_BY_NAME = new Map(NAMED_COLORS.map(([name, hex]) => [nameKey(name), hex]));

export function isHexColor(value: string): boolean {
  return HEX.test(value.trim());
}

/** '#abc', 'abc', '#AABBCC' → '#aabbcc'; null when not a hex colour. */
export function normalizeHex(value: string): string | null {
  const m = HEX.exec(value.trim());
  if (!m) return null;
  let digits = m[1].toLowerCase();
  if (digits.length === 3) digits = digits.split('').map((c) => c + c).join('');
  return `#${digits}`;
}

/** A colour is a name (letters, spaces) or a hex value of 3 or 6 digits. */
export function isValidColor(value: string): boolean {
  const v = value.trim();
  return v !== '' && (isHexColor(v) || NAME.test(v));
}

/** The swatch of a known colour name as '#rrggbb', or null. */
export function hexForName(name: string): string | null {
  const hex = HEX_BY_NAME.get(nameKey(name));
  return hex ? normalizeHex(hex) : null;
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The closest named colour to a hex value. */
export function nearestColorName(hex: string): string {
  const target = normalizeHex(hex);
  if (!target) return hex;
  const [r, g, b] = rgb(target);
  let best = 'Black';
  let bestDistance = Infinity;
  for (const [name, value] of NAMED_COLORS) {
    const [r2, g2, b2] = rgb(value);
    const d = (r - r2) ** 2 + (g - g2) ** 2 + (b - b2) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

/**
 * Typing in the colour field: a hex value also sets the hex code; a name of the shop's list
 * fills its own hex. An unknown name keeps a hex code the admin typed or picked, but never
 * the hex that only came from the previous name (typing 'Mustard' over 'Navy Blue' must not
 * leave navy's hex behind while the word is incomplete or not in the list).
 */
export function applyColorInput(draft: VariantDraft, value: string): VariantDraft {
  const hex = normalizeHex(value);
  if (hex) return { ...draft, color: value, colorHexCode: hex };
  const named = hexForName(value);
  if (named) return { ...draft, color: value, colorHexCode: named };
  const fromPreviousName = hexForName(draft.color) ?? normalizeHex(draft.color);
  const current = normalizeHex(draft.colorHexCode);
  const stale = current !== null && current === fromPreviousName;
  return { ...draft, color: value, colorHexCode: stale ? '' : draft.colorHexCode };
}

/** The colour picker sets both: the hex code and (the nearest) colour name. */
export function applyPickedColor(draft: VariantDraft, hex: string): VariantDraft {
  const normal = normalizeHex(hex) ?? hex;
  return { ...draft, colorHexCode: normal, color: nearestColorName(normal) };
}

let keySeq = 0;
export function newKey(): string {
  keySeq += 1;
  return `row-${keySeq}`;
}

/** The first variant of a new product: stock 1. */
export function firstVariant(): VariantDraft {
  return { key: newKey(), size: '', color: '', colorHexCode: '', stock: '1', originalPrice: '', discountPrice: '', colorLocked: false };
}

/**
 * An added variant starts with the previous row's colour and stock 0; its colour can be
 * changed at once (a product may come in several colours), no save-and-edit round needed.
 */
export function nextVariant(previous: VariantDraft | undefined): VariantDraft {
  if (!previous) return firstVariant();
  return {
    key: newKey(),
    size: '',
    color: previous.color,
    colorHexCode: previous.colorHexCode,
    stock: '0',
    originalPrice: '',
    discountPrice: '',
    colorLocked: false,
  };
}

export function draftFromVariant(v: Variant): VariantDraft {
  return {
    key: newKey(),
    id: v.id,
    savedStock: v.stock,
    size: v.size,
    color: v.color,
    colorHexCode: v.colorHexCode ?? '',
    stock: String(v.stock),
    originalPrice: String(v.originalPrice),
    discountPrice: String(v.discountPrice ?? 0),
    sku: v.sku ?? '',
    colorLocked: false,
  };
}

function parsePrice(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
}

/** The price rule, worded for the field the admin changed last. */
export function priceConflict(
  originalPrice: string,
  discountPrice: string,
  changed: 'originalPrice' | 'discountPrice' = 'discountPrice',
): { field: 'originalPrice' | 'discountPrice'; message: string } | null {
  const original = parsePrice(originalPrice);
  const discount = parsePrice(discountPrice);
  if (original === null || discount === null || Number.isNaN(original) || Number.isNaN(discount)) return null;
  if (discount <= original) return null;
  return changed === 'originalPrice'
    ? { field: 'originalPrice', message: VARIANT_MESSAGES.originalTooLow }
    : { field: 'discountPrice', message: VARIANT_MESSAGES.discountTooHigh };
}

/**
 * Every rule of one variant row: size and colour required, colour a name or a #RGB/#RRGGBB
 * hex code, stock a whole number of 0 or more, original price required, and the discount
 * never above the original price.
 */
export function validateVariant(d: VariantDraft): VariantErrors {
  const errors: VariantErrors = {};
  if (!d.size.trim()) errors.size = VARIANT_MESSAGES.sizeRequired;
  if (!d.color.trim()) errors.color = VARIANT_MESSAGES.colorRequired;
  else if (!isValidColor(d.color)) errors.color = VARIANT_MESSAGES.colorInvalid;
  if (d.colorHexCode.trim() && !isHexColor(d.colorHexCode)) errors.colorHexCode = VARIANT_MESSAGES.hexInvalid;
  if (!/^\d+$/.test(d.stock.trim())) errors.stock = VARIANT_MESSAGES.stockInvalid;
  const original = parsePrice(d.originalPrice);
  const discount = parsePrice(d.discountPrice);
  if (original === null) errors.originalPrice = VARIANT_MESSAGES.originalRequired;
  else if (Number.isNaN(original) || original < 0) errors.originalPrice = VARIANT_MESSAGES.priceInvalid;
  if (discount !== null && (Number.isNaN(discount) || discount < 0)) errors.discountPrice = VARIANT_MESSAGES.priceInvalid;
  if (d.sku && d.sku.trim() && !SKU.test(d.sku.trim())) errors.sku = VARIANT_MESSAGES.skuInvalid;
  if (!errors.originalPrice && !errors.discountPrice) {
    const conflict = priceConflict(d.originalPrice, d.discountPrice, d.lastPriceField);
    if (conflict) errors[conflict.field] = conflict.message;
  }
  return errors;
}

/** The JSON list sent as productVariants. */
export function variantPayload(drafts: VariantDraft[]) {
  return drafts.map((d) => ({
    ...(d.id ? { id: d.id } : {}),
    size: d.size.trim(),
    color: d.color.trim(),
    colorHexCode: normalizeHex(d.colorHexCode) ?? normalizeHex(d.color) ?? hexForName(d.color) ?? null,
    stock: Number(d.stock),
    originalPrice: Number(d.originalPrice),
    discountPrice: d.discountPrice.trim() === '' ? 0 : Number(d.discountPrice),
    ...(d.sku !== undefined ? { sku: d.sku.trim() } : {}),
    ...(d.id && d.savedStock !== undefined ? { expectedStock: d.savedStock } : {}),
  }));
}

/** Admin stock colours: above 10 green, 1 to 10 yellow, 0 red. */
export function stockTone(stock: number): 'success' | 'warning' | 'error' {
  if (stock > 10) return 'success';
  if (stock >= 1) return 'warning';
  return 'error';
}

/** Locked rows keep following the colour of the row above them; the first row is never locked. */
export function syncLockedColors(rows: VariantDraft[]): VariantDraft[] {
  const out: VariantDraft[] = [];
  rows.forEach((row, i) => {
    if (i === 0) out.push(row.colorLocked ? { ...row, colorLocked: false } : row);
    else if (row.colorLocked) {
      const prev = out[i - 1];
      out.push(prev.color === row.color && prev.colorHexCode === row.colorHexCode ? row : { ...row, color: prev.color, colorHexCode: prev.colorHexCode });
    } else out.push(row);
  });
  return out;
}

/**
 * The colour `old` became in the form: the saved variants of that colour still in the form
 * (by id) all have one new colour, so a picture tagged `old` follows it. `null` when they
 * part ways or none is left (the server's rule for a picture the save does not name).
 */
export function renamedColour(saved: Variant[], drafts: VariantDraft[], old: string): string | null {
  const now = saved
    .filter((v) => v.color.toLowerCase() === old.toLowerCase())
    .map((v) => drafts.find((d) => d.id === v.id)?.color.trim())
    .filter((c): c is string => Boolean(c));
  return now.length > 0 && now.every((c) => c === now[0]) ? now[0] : null;
}
