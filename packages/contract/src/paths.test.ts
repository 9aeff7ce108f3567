import { describe, expect, it } from 'vitest';
import { apiPaths } from './paths.js';

describe('api paths', () => {
  it('builds the spec paths with encoded segments and repeated fields', () => {
    expect(apiPaths.zone(3, "Numéros d'urgence")).toBe("/display/zone/3/Num%C3%A9ros%20d'urgence");
    expect(apiPaths.elements(7, { order: 6, quantity: 5 })).toBe(
      '/display/elements/7?order=6&quantity=5',
    );
    expect(apiPaths.elements(7)).toBe('/display/elements/7');
    expect(apiPaths.populatedSubgroups(4, 'Produit', ['titre', 'image'])).toBe(
      '/display/subgroups/4/populated/Produit?fields=titre&fields=image',
    );
    expect(apiPaths.subgroups(9)).toBe('/display/9/subgroups');
  });
});
