import { describe, expect, it } from '@jest/globals';
import { createSystem } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { publicThemeConfig, system, themeConfig } from './theme';

// The admin panel's Chakra system: the public system (already built and its global styles already
// on the page when the admin code loads) with every component recipe added, not a second system
// built from scratch. Its recipes are the ones a full createSystem of the same configs has.

// The admin code asks for its first screen's data when it loads: nothing answers here.
globalThis.fetch = (() => new Promise<Response>(() => undefined)) as typeof fetch;
const { adminSystem } = await import('./admin-system');

const reference = createSystem(defaultBaseConfig, publicThemeConfig, { theme: { recipes, slotRecipes } }, themeConfig);

describe('the admin Chakra system', () => {
  it("is the public system's tokens, conditions and styles, and adds no global styles of its own", () => {
    expect(adminSystem.tokens).toBe(system.tokens);
    expect(adminSystem.conditions).toBe(system.conditions);
    expect(adminSystem.css).toBe(system.css);
    expect(adminSystem._global).toEqual([]);
  });

  it('has every recipe of a full system of the same configs, with the same styles', () => {
    for (const key of Object.keys(recipes)) {
      expect(adminSystem.isRecipe(key)).toBe(true);
      expect(adminSystem.getRecipe(key)).toEqual(reference.getRecipe(key));
      expect(adminSystem.getRecipeFn(key)({})).toEqual(reference.getRecipeFn(key)({}));
    }
    for (const key of Object.keys(slotRecipes)) {
      expect(adminSystem.isSlotRecipe(key)).toBe(true);
      expect(adminSystem.getSlotRecipe(key)).toEqual(reference.getSlotRecipe(key));
      expect(adminSystem.getSlotRecipeFn(key)({})).toEqual(reference.getSlotRecipeFn(key)({}));
    }
    expect(adminSystem.hasRecipe('no-such-recipe')).toBe(false);
    // The firm's own button and the brand palette, as on the public pages.
    expect(adminSystem.getRecipeFn('button')({ size: 'sm', variant: 'outline' })).toEqual(reference.getRecipeFn('button')({ size: 'sm', variant: 'outline' }));
    expect(adminSystem.token('colors.brand.solid')).toBe(reference.token('colors.brand.solid'));
  });
});
