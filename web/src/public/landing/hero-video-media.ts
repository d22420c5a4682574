/**
 * Who gets the hero video (600 kB): wide screens without reduced motion (HeroSection.tsx narrows
 * it further: no reduced data or Save-Data). The boot script (entry-boot.ts) reads it too: where
 * it matches, the app starts at once (entry-boot.ts), as it adds the video.
 */
export const HERO_VIDEO_MEDIA = '(min-width: 48em) and (prefers-reduced-motion: no-preference)';
