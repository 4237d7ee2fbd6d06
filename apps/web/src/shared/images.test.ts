import { describe, expect, it } from 'vitest';
import { imageUrl } from './images';

describe('product images', () => {
  it('keeps full urls and absolute paths, puts stored names under /uploads, and falls back to the icon', () => {
    expect(imageUrl('https://img.example.kr/a.jpg')).toBe('https://img.example.kr/a.jpg');
    expect(imageUrl('/uploads/products/pad-1.svg')).toBe('/uploads/products/pad-1.svg');
    expect(imageUrl('products/pad-1.svg')).toBe('/uploads/products/pad-1.svg');
    expect(imageUrl(undefined)).toBe('/favicon.svg');
  });
});
