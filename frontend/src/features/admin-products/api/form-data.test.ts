import { describe, expect, it } from 'vitest';
import { productFormData, type ProductFormValues } from './index';

const base: ProductFormValues = {
  name: 'Silk Saree',
  categoryId: 'c-1',
  description: '',
  hsnCode: '',
  isBestSeller: false,
  variants: [],
  newImages: [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })],
  deletedImageIds: [],
};

describe('productFormData: picture colours', () => {
  it('sends the new pictures colours in their order, and the changed kept ones by id', () => {
    const form = productFormData({ ...base, newImageColors: ['Maroon', null], imageColors: { 'img-1': 'Navy Blue', 'img-2': null } });
    expect(JSON.parse(String(form.get('newImageColors')))).toEqual(['Maroon', null]);
    expect(JSON.parse(String(form.get('imageColors')))).toEqual({ 'img-1': 'Navy Blue', 'img-2': null });
  });

  it('sends neither when no picture has a colour or none changed', () => {
    const form = productFormData({ ...base, newImageColors: [null, null], imageColors: {} });
    expect(form.has('newImageColors')).toBe(false);
    expect(form.has('imageColors')).toBe(false);
  });
});
