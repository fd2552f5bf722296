import { describe, expect, it } from 'vitest';
import { categorySlug, parseProductParam, productSlug } from './slug';

describe('slugs', () => {
  it('category slug: lower case, spaces to hyphens (SPEC.md §9)', () => {
    expect(categorySlug('Track Days Abroad')).toBe('track-days-abroad');
    expect(categorySlug('Podróże')).toBe('podróże');
  });

  it('product slug folds Polish letters and punctuation', () => {
    expect(productSlug('Łódź Żółć Track Day!')).toBe('lodz-zolc-track-day');
    expect(productSlug('  M8 -- Competition  ')).toBe('m8-competition');
  });
});

describe('parseProductParam', () => {
  it('reads the id of {id}-{slug} and of a bare id', () => {
    expect(parseProductParam('12-track-day')).toEqual({ id: 12 });
    expect(parseProductParam('12')).toEqual({ id: 12 });
  });

  it('reads an alias, lower-cased', () => {
    expect(parseProductParam('Track-Day')).toEqual({ alias: 'track-day' });
  });

  it('refuses ids that are not positive safe integers and anything else', () => {
    expect(parseProductParam('0')).toBeNull();
    expect(parseProductParam('99999999999999999999')).toBeNull();
    expect(parseProductParam('')).toBeNull();
    expect(parseProductParam('../etc')).toBeNull();
    expect(parseProductParam('-12')).toBeNull();
    expect(parseProductParam('12 drop')).toBeNull();
  });
});
