// What a server-rendered public page inlines of its Emotion rules: those its own markup uses, and of
// the theme's global styles only what those rules need. The theme defines every token (about 550
// custom properties, the dark palette among them) and every keyframes animation on the page's root;
// a page uses a few hundred of them and, before the app runs, no animation at all. The rest is the
// browser's work for nothing on every page: parsed, and the tokens inherited by every element.
//
// Nothing is lost: when the app starts, Chakra's provider inserts the theme's global styles whole
// (Emotion's Global, as it always did on hydration), before the app renders anything that may need
// more (another page's components, a spinner).

/** The theme's tokens: the only custom properties left out when nothing refers to them. */
const TOKEN_DECLARATION = /([{;])(--chakra-[\w\\.-]+):[^;{}]*(?=[;}])/g;
const TOKEN_REFERENCE = /var\(\s*(--chakra-[\w\\.-]+)/g;
/** The dark palette's block: the public site is light only (it never sets the `dark` class). */
const DARK_TOKENS = /\.dark,\.dark \.chakra-theme:not\(\.light\)\{[^{}]*\}/g;
/** A keyframes rule, prefixed or not: its name, and two levels of braces (the steps in it). */
const KEYFRAMES = /@(?:-webkit-)?keyframes ([\w-]+)\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;

/**
 * Removes the theme tokens neither a rule nor the markup (a style attribute) refers to, until none
 * is left (a token may be used only by an unused one).
 */
function withoutUnusedTokens(css: string, markup: string): string {
  const usedByMarkup = [...markup.matchAll(TOKEN_REFERENCE)].map((match) => match[1]!);
  for (;;) {
    const used = new Set<string>(usedByMarkup);
    for (const match of css.matchAll(TOKEN_REFERENCE)) used.add(match[1]!);
    const pruned = css.replace(TOKEN_DECLARATION, (declaration, before: string, name: string) => (used.has(name) ? declaration : before));
    if (pruned === css) return pruned.replace(/;{2,}/g, ';').replace(/\{;/g, '{');
    css = pruned;
  }
}

/** Removes the keyframes no rule names (an animation may also be named by a token's value). */
function withoutUnusedKeyframes(css: string): string {
  const outside = css.replace(KEYFRAMES, '');
  return css.replace(KEYFRAMES, (rule, name: string) => (new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`).test(outside) ? rule : ''));
}

/**
 * The rules a page inlines, from all the Emotion rules its render used and its markup (see the top
 * of this file). Keyframes go before and after the tokens: a token may name an animation.
 */
export function criticalCss(css: string, markup: string): string {
  return withoutUnusedKeyframes(withoutUnusedTokens(withoutUnusedKeyframes(css.replace(DARK_TOKENS, '')), markup));
}
