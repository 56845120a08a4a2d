import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '../types';
import { categoryRows, checkPickedFiles, countCategories, filterCategoryName, parentOptions, validateCategory } from './rules';

function cat(id: string, name: string, subCategories: AdminCategory[] = []): AdminCategory {
  return { id, name, slug: id, description: null, parentId: null, imageUrl: null, uploads: [], subCategories };
}

const png = (name = 'a.png') => new File(['x'], name, { type: 'image/png' });

describe('category name filtering', () => {
  it('keeps letters, digits and spaces and strips everything else', () => {
    expect(filterCategoryName('Men & Women!')).toBe('Men  Women');
    expect(filterCategoryName('Kids-2024_Sale')).toBe('Kids2024Sale');
    expect(filterCategoryName('Summer 24')).toBe('Summer 24');
    expect(filterCategoryName('<script>')).toBe('script');
  });

  it('keeps the marks Indian scripts write letters with', () => {
    // The halant in कुर्ता and the vowel signs are part of the word, as the server takes it.
    expect(filterCategoryName('कुर्ता सेट!')).toBe('कुर्ता सेट');
    expect(filterCategoryName('முருகன்')).toBe('முருகன்');
  });
});

describe('category validation', () => {
  it('asks for the name', () => {
    expect(validateCategory({ name: '   ', imageCount: 1 }).name).toBe('Please fill the category name.');
    expect(validateCategory({ name: 'Men', imageCount: 1 })).toEqual({});
  });

  it('needs exactly one image', () => {
    expect(validateCategory({ name: 'Men', imageCount: 0 }).image).toBe('Please upload at least 1 images.');
    expect(validateCategory({ name: 'Men', imageCount: 2 }).image).toBe('You can upload a maximum of 1 images.');
  });

  it('accepts one PNG, JPG or JPEG and refuses more files or other formats', () => {
    expect(checkPickedFiles([png()])).toBeNull();
    expect(checkPickedFiles([new File(['x'], 'a.jpg', { type: 'image/jpeg' })])).toBeNull();
    expect(checkPickedFiles([new File(['x'], 'a.JPEG', { type: '' })])).toBeNull();
    expect(checkPickedFiles([png('a.png'), png('b.png')])).toBe('You can upload a maximum of 1 images.');
    expect(checkPickedFiles([new File(['x'], 'a.gif', { type: 'image/gif' })])).toBe('Only PNG, JPG and JPEG images are allowed.');
    expect(checkPickedFiles([new File(['x'], 'a.webp', { type: 'image/webp' })])).not.toBeNull();
  });
});

describe('category table rows', () => {
  const tree = [cat('men', 'Men', [cat('shirts', 'Shirts', [cat('formal', 'Formal')]), cat('jeans', 'Jeans')]), cat('women', 'Women')];

  it('numbers top-level rows and shows children only when expanded', () => {
    expect(categoryRows(tree, new Set()).map((r) => r.number)).toEqual(['1', '2']);
    const rows = categoryRows(tree, new Set(['men', 'shirts']));
    expect(rows.map((r) => `${r.number} ${r.category.name}`)).toEqual(['1 Men', '1.1 Shirts', '1.1.1 Formal', '1.2 Jeans', '2 Women']);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 1, 0]);
    expect(rows[0].hasChildren).toBe(true);
    expect(rows[4].hasChildren).toBe(false);
  });

  it('counts every level and leaves a category and its subtree out of its own parent choices', () => {
    expect(countCategories(tree)).toBe(5);
    expect(parentOptions(tree, 'shirts').map((o) => o.label)).toEqual(['Men', 'Jeans', 'Women']);
    expect(parentOptions(tree).map((o) => o.depth)).toEqual([0, 1, 2, 1, 0]);
  });
});
