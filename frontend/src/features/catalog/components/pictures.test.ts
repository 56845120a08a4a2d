import { describe, expect, it } from 'vitest';
import { picturesFor } from './ProductDetail';

describe('picturesFor', () => {
  const images = [
    { id: 'a', color: 'Navy Blue' },
    { id: 'b', color: null },
    { id: 'c', color: 'Maroon' },
    { id: 'd', color: 'Maroon' },
  ];

  it("puts the chosen colour's pictures first, each group in its order", () => {
    expect(picturesFor(images, 'Maroon').map((i) => i.id)).toEqual(['c', 'd', 'a', 'b']);
    expect(picturesFor(images, 'Navy Blue').map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the order without a colour or with an untagged one', () => {
    expect(picturesFor(images, null).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(picturesFor(images, 'Black').map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
