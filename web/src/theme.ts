import { createSystem, defineConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// The firm's look: deep navy with a restrained brass accent, a serif for headings and a neutral
// sans-serif for text. Used by the public site and the admin panel (colorPalette="brand").
export const themeConfig = defineConfig({
  globalCss: {
    // No `scroll-behavior: smooth` on html: it made Chrome's own jump to a page's #anchor on
    // arrival glide against the page's jump to the section and stop elsewhere (hundreds of px off).
    // Links that glide do it themselves (goToSection), unless reduced motion is asked for.
    body: { bg: 'bg', color: 'fg', fontFamily: 'body' },
    '.skip-link': {
      position: 'absolute',
      left: '-9999px',
      top: '0.75rem',
      zIndex: 'skipNav',
      bg: 'white',
      color: 'brand.900',
      px: '4',
      py: '2',
      rounded: 'md',
      fontWeight: 'semibold',
      _focusVisible: { left: '0.75rem' },
    },
    '*:focus-visible': { outline: '3px solid', outlineColor: 'accent.500', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef3f9' },
          100: { value: '#d6e1ef' },
          200: { value: '#adc3df' },
          300: { value: '#7f9fc9' },
          400: { value: '#4f78ae' },
          500: { value: '#2d5a93' },
          600: { value: '#1f4677' },
          700: { value: '#17365e' },
          800: { value: '#102745' },
          900: { value: '#0a1a30' },
          950: { value: '#06101f' },
        },
        accent: {
          50: { value: '#fbf6ea' },
          100: { value: '#f3e6c3' },
          200: { value: '#e8d196' },
          300: { value: '#dcb967' },
          400: { value: '#cfa446' },
          500: { value: '#b8892f' },
          600: { value: '#946c24' },
          700: { value: '#70511c' },
          800: { value: '#4d3813' },
          900: { value: '#2e220b' },
          950: { value: '#1a1306' },
        },
      },
      fonts: {
        heading: {
          // Self-hosted (components/fonts.css); the rest only while it loads.
          value: "'Source Serif 4 Variable', 'Iowan Old Style', Georgia, serif",
        },
        body: {
          value:
            "'Inter Variable', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's defaults fall short of WCAG on white: error text red.500 is 3.8:1 (AA wants 4.5:1),
        // the gray focus ring of secondary buttons gray.400 is 2.5:1 (2.4.11 wants 3:1).
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        accent: {
          solid: { value: '{colors.accent.500}' },
          contrast: { value: '{colors.brand.950}' },
          fg: { value: '{colors.accent.700}' },
          muted: { value: '{colors.accent.100}' },
          subtle: { value: '{colors.accent.50}' },
          emphasized: { value: '{colors.accent.200}' },
          focusRing: { value: '{colors.accent.500}' },
        },
      },
    },
  },
});

/**
 * Chakra's default theme without its ~90 component recipes: only the recipes the public pages use
 * (the rest is JavaScript every visitor would download for nothing). The admin panel, loaded on its
 * own, uses the full default theme (admin-system.tsx).
 */
export const publicThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, publicThemeConfig, themeConfig);
