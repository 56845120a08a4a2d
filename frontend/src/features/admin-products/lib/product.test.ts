import { describe, expect, it } from 'vitest';
import { toPageResult } from '../api';
import type { AdminCategoryNode } from '../types';
import { cascadeLevels, categoryPath, checkAddedImages, serialNumber, validateProduct } from './product';

const ok = { name: 'Shirt', categoryId: 'c1', imageCount: 1, variantCount: 1 };
const png = (i: number) => new File(['x'], `p${i}.png`, { type: 'image/png' });

describe('product save rules', () => {
  it('needs a name, a category and between 1 and 10 images', () => {
    expect(validateProduct(ok)).toEqual({});
    expect(validateProduct({ ...ok, name: ' ' }).name).toBe('Please fill Product Name');
    expect(validateProduct({ ...ok, categoryId: '' }).category).toBe('Please select Category');
    expect(validateProduct({ ...ok, imageCount: 0 }).images).toBe('Please upload at least 1 image');
    expect(validateProduct({ ...ok, imageCount: 10 }).images).toBeUndefined();
    expect(validateProduct({ ...ok, imageCount: 11 }).images).toBe('Maximum 10 images allowed.');
  });

  it('refuses added files past 10 in total and formats other than PNG, JPG, JPEG', () => {
    expect(checkAddedImages([png(1), png(2)], 8)).toBeNull();
    expect(checkAddedImages([png(1), png(2), png(3)], 8)).toBe('Maximum 10 images allowed.');
    expect(checkAddedImages([new File(['x'], 'a.svg', { type: 'image/svg+xml' })], 0)).toBe('Only PNG, JPG and JPEG images are allowed.');
  });
});

describe('category cascade', () => {
  const tree: AdminCategoryNode[] = [
    { id: 'men', name: 'Men', subCategories: [{ id: 'shirts', name: 'Shirts', subCategories: [{ id: 'formal', name: 'Formal', subCategories: [] }] }] },
    { id: 'kids', name: 'Kids', subCategories: [] },
  ];

  it('finds the path down to a subcategory', () => {
    expect(categoryPath(tree, 'formal')).toEqual(['men', 'shirts', 'formal']);
    expect(categoryPath(tree, 'kids')).toEqual(['kids']);
    expect(categoryPath(tree, 'gone')).toEqual([]);
  });

  it('offers a further select while the chosen category has subcategories', () => {
    expect(cascadeLevels(tree, []).length).toBe(1);
    expect(cascadeLevels(tree, ['men']).map((l) => l.map((c) => c.name))).toEqual([['Men', 'Kids'], ['Shirts']]);
    expect(cascadeLevels(tree, ['men', 'shirts', 'formal']).length).toBe(3);
    expect(cascadeLevels(tree, ['kids']).length).toBe(1);
  });
});

describe('product table paging', () => {
  it('S.No continues across pages of 10', () => {
    expect(serialNumber(1, 0)).toBe(1);
    expect(serialNumber(2, 0)).toBe(11);
    expect(serialNumber(3, 4)).toBe(25);
  });

  it('reads pagination, meta, items and bare arrays', () => {
    expect(toPageResult({ data: [], pagination: { totalItems: 25, currentPage: 2, limit: 10, totalPages: 3 } }, 2, 10).totalPages).toBe(3);
    expect(toPageResult({ items: [], meta: { total: 31, page: 4, pageSize: 10 } }, 4, 10)).toMatchObject({ totalItems: 31, currentPage: 4, totalPages: 4 });
    expect(toPageResult([], 1, 10).totalPages).toBe(1);
  });
});
