import { describe, expect, it } from 'vitest';
import type { VariantDraft } from '../types';
import {
  applyColorInput,
  applyPickedColor,
  firstVariant,
  hexForName,
  isValidColor,
  nextVariant,
  normalizeHex,
  priceConflict,
  stockTone,
  syncLockedColors,
  validateVariant,
  variantPayload,
} from './variants';

function draft(over: Partial<VariantDraft> = {}): VariantDraft {
  return { ...firstVariant(), size: 'M', color: 'Blue', colorHexCode: '#0000ff', originalPrice: '1000', discountPrice: '200', ...over };
}

describe('variant prices', () => {
  it('refuses a discount above the original price, worded for the field edited last', () => {
    expect(priceConflict('100', '150', 'discountPrice')?.message).toBe('Discount Price cannot be greater than Original Price');
    expect(priceConflict('100', '150', 'originalPrice')?.message).toBe('Original Price must be greater than or equal to Discount Price');
    expect(priceConflict('100', '150', 'originalPrice')?.field).toBe('originalPrice');
  });

  it('allows equal prices and leaves incomplete pairs alone', () => {
    expect(priceConflict('100', '100')).toBeNull();
    expect(priceConflict('100', '99.99')).toBeNull();
    expect(priceConflict('', '50')).toBeNull();
    expect(priceConflict('100', '')).toBeNull();
  });

  it('compares numbers, not text', () => {
    expect(priceConflict('900', '1000')?.message).toBe('Discount Price cannot be greater than Original Price');
    expect(priceConflict('1000', '900')).toBeNull();
  });

  it('a row reports the rule on save, as well as the required original price', () => {
    expect(validateVariant(draft({ discountPrice: '1500', lastPriceField: 'discountPrice' })).discountPrice).toBe(
      'Discount Price cannot be greater than Original Price',
    );
    expect(validateVariant(draft({ originalPrice: '100', lastPriceField: 'originalPrice' })).originalPrice).toBe(
      'Original Price must be greater than or equal to Discount Price',
    );
    expect(validateVariant(draft({ originalPrice: '' })).originalPrice).toBe('Please fill Original Price');
    expect(validateVariant(draft({ discountPrice: '' }))).toEqual({});
  });
});

describe('variant colour', () => {
  it('accepts a name or a hex value of 3 or 6 digits', () => {
    expect(isValidColor('Navy Blue')).toBe(true);
    expect(isValidColor('#fff')).toBe(true);
    expect(isValidColor('1e40af')).toBe(true);
    expect(isValidColor('#12345')).toBe(false);
    expect(isValidColor('#ggg')).toBe(false);
    expect(isValidColor('blue!')).toBe(false);
    expect(isValidColor('')).toBe(false);
    expect(validateVariant(draft({ color: '' })).color).toBe('Please fill Color');
    expect(validateVariant(draft({ color: 'bl#ue' })).color).toBe('Color must be a name or a hex code (#RGB or #RRGGBB)');
    expect(validateVariant(draft({ colorHexCode: '#12' })).colorHexCode).toBe('Hex code must be #RGB or #RRGGBB');
  });

  it('a typed hex sets the hex code; a known name fills it', () => {
    expect(normalizeHex('#AbC')).toBe('#aabbcc');
    expect(applyColorInput(draft({ colorHexCode: '' }), '#1E40AF').colorHexCode).toBe('#1e40af');
    expect(applyColorInput(draft({ colorHexCode: '' }), 'red').colorHexCode).toBe('#ff0000');
    expect(applyColorInput(draft({ colorHexCode: '#123456' }), 'Sunset').colorHexCode).toBe('#123456');
  });

  it("an unknown name drops the hex that came from the previous name, never showing another colour's swatch", () => {
    // 'Navy Blue' filled its hex; typing over it must not leave navy behind.
    const navy = applyColorInput(draft({ color: '', colorHexCode: '' }), 'Navy Blue');
    expect(navy.colorHexCode).toBe('#000080');
    const typing = applyColorInput(navy, 'Mus');
    expect(typing.colorHexCode).toBe('');
    expect(applyColorInput(typing, 'Mustard').colorHexCode).toBe('#ffdb58');
    // A hex the admin chose for a name of their own stays.
    expect(applyColorInput(draft({ color: 'Sunset', colorHexCode: '#ff7e5f' }), 'Sunset Glow').colorHexCode).toBe('#ff7e5f');
  });

  it("the shop's own colour names get the swatch the server gives them", () => {
    // The server reads the same list (crates/catalog/src/models/colour.rs tests 'Mustard' too).
    expect(applyColorInput(draft({ colorHexCode: '#000080' }), 'Mustard').colorHexCode).toBe('#ffdb58');
    expect(hexForName('off-white')).toBe('#faf9f6');
    expect(hexForName('Bottle Green')).toBe('#006a4e');
    expect(hexForName('rebeccapurple')).toBe('#663399');
    expect(hexForName('Sunset')).toBeNull();
  });

  it('a picked colour sets both the hex code and the name', () => {
    const picked = applyPickedColor(draft({ color: '', colorHexCode: '' }), '#FE0101');
    expect(picked.colorHexCode).toBe('#fe0101');
    expect(picked.color).toBe('Red');
    expect(applyPickedColor(draft(), '#000080').color).toBe('Navy');
  });
});

describe('variant rows', () => {
  it('the first row starts with stock 1; an added row starts with the colour above, changeable, and stock 0', () => {
    const first = firstVariant();
    expect(first.stock).toBe('1');
    expect(first.colorLocked).toBe(false);
    const next = nextVariant(draft({ color: 'Olive', colorHexCode: '#808000', size: 'L' }));
    expect(next).toMatchObject({ color: 'Olive', colorHexCode: '#808000', stock: '0', colorLocked: false, size: '', originalPrice: '' });
    expect(applyColorInput(next, 'Mustard')).toMatchObject({ color: 'Mustard', colorHexCode: '#ffdb58' });
  });

  it('locked rows follow the colour above them; the first row is never locked', () => {
    const rows = [draft({ color: 'Red', colorHexCode: '#ff0000' }), { ...nextVariant(draft({ color: 'Blue' })), colorLocked: true }, { ...nextVariant(draft()), colorLocked: true }];
    const synced = syncLockedColors(rows);
    expect(synced.map((r) => r.color)).toEqual(['Red', 'Red', 'Red']);
    expect(syncLockedColors(synced.slice(1))[0].colorLocked).toBe(false);
  });

  it('stock must be a whole number of 0 or more', () => {
    expect(validateVariant(draft({ stock: '-1' })).stock).toBeDefined();
    expect(validateVariant(draft({ stock: '2.5' })).stock).toBeDefined();
    expect(validateVariant(draft({ stock: '0' })).stock).toBeUndefined();
  });

  it('sends numbers and the hex code, keeping the ids of saved variants', () => {
    expect(variantPayload([draft({ id: 'v1', stock: '3', discountPrice: '' }), draft({ color: '#abc', colorHexCode: '' })])).toEqual([
      { id: 'v1', size: 'M', color: 'Blue', colorHexCode: '#0000ff', stock: 3, originalPrice: 1000, discountPrice: 0 },
      { size: 'M', color: '#abc', colorHexCode: '#aabbcc', stock: 1, originalPrice: 1000, discountPrice: 200 },
    ]);
  });

  it('admin stock colours: above 10 green, 1 to 10 yellow, 0 red', () => {
    expect(stockTone(11)).toBe('success');
    expect(stockTone(10)).toBe('warning');
    expect(stockTone(1)).toBe('warning');
    expect(stockTone(0)).toBe('error');
  });
});
