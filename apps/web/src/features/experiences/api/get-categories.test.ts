import type { TCategory } from '@club/shared';
import { describe, expect, it } from 'vitest';
import { decodedPath, findCategoryBySlug } from './get-categories';

const category = (id: number, name: string, slugs: string[]): TCategory => ({
  id,
  name,
  slugs,
  description: '',
  image_url: null,
  banner_url: null,
  banner_mobile_url: null,
  image_srcset: null,
  banner_srcset: null,
  banner_mobile_srcset: null,
});

describe('a category address in either language', () => {
  const english = [category(2, 'Journeys', ['journeys', 'wyprawy']), category(4, 'Lifestyle', ['lifestyle'])];

  it('finds the category by its own slug or the other language’s', () => {
    expect(findCategoryBySlug(english, 'journeys')?.id).toBe(2);
    expect(findCategoryBySlug(english, 'wyprawy')?.id).toBe(2);
    expect(findCategoryBySlug(english, 'WYPRAWY')?.id).toBe(2);
    expect(findCategoryBySlug(english, 'nothing')).toBeUndefined();
  });

  it('reads percent-encoded names and refuses a broken encoding', () => {
    const polish = [category(5, 'Styl życia', ['styl-życia', 'lifestyle'])];
    expect(findCategoryBySlug(polish, 'styl-%C5%BCycia')?.id).toBe(5);
    expect(findCategoryBySlug(polish, '%E0%A4%A')).toBeUndefined();
    expect(decodedPath('/experiences/styl-%C5%BCycia')).toBe('/experiences/styl-życia');
    expect(decodedPath('/experiences/%E0%A4%A')).toBe('/experiences/%E0%A4%A');
  });
});
