import { describe, expect, it } from 'vitest';
import { category } from '@/testing/fixtures';
import { categoryChoices } from './categories';

const tree = [
  category({
    id: 'men',
    name: 'Men',
    subCategories: [category({ id: 'shirts', name: 'Shirts' }), category({ id: 'jeans', name: 'Jeans' })],
  }),
  category({ id: 'women', name: 'Women', subCategories: [category({ id: 'sarees', name: 'Sarees' })] }),
];

describe('categoryChoices', () => {
  it('offers every category, subcategories indented under their parent', () => {
    const choices = categoryChoices(tree, null);
    expect(choices.map((c) => [c.name, c.depth])).toEqual([
      ['Men', 0],
      ['Shirts', 1],
      ['Jeans', 1],
      ['Women', 0],
      ['Sarees', 1],
    ]);
    expect(choices.every((c) => c.count === undefined)).toBe(true);
  });

  it('counts a parent as the sum of its subcategories, an absent one as none', () => {
    const choices = categoryChoices(tree, new Map([['shirts', 6], ['jeans', 5]]));
    expect(Object.fromEntries(choices.map((c) => [c.name, c.count]))).toEqual({ Men: 11, Shirts: 6, Jeans: 5, Women: 0, Sarees: 0 });
  });
});
