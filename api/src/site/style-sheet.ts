// The site's style sheet in the pages the server sends: index.html links it (the build names it,
// fingerprinted: web/build-tools/shared-styles.ts).

/** The template's <link> of the sheet (CORS mode too), with the white space before it. */
export const STYLE_SHEET_LINK = /\s*<link rel="stylesheet" (crossorigin )?href="(\/assets\/[^"]+\.css)">/;

/**
 * A `Link` header that preloads the site's style sheet: a page cannot be painted before its style
 * sheet arrives, and with the header the browser asks for it as soon as the response begins, not
 * once it has parsed the head. Same CORS mode as the <link>, so the sheet is fetched once.
 */
export function preloadLink(template: string): string | undefined {
  const sheet = STYLE_SHEET_LINK.exec(template);
  return sheet ? `<${sheet[2]}>; rel=preload; as=style${sheet[1] ? '; crossorigin' : ''}` : undefined;
}

/**
 * The template of a server-rendered public page. The page carries every rule it uses inline
 * (web/src/entry-server.tsx), so it paints without waiting for the sheet: the link stays, disabled,
 * which the browser does not fetch. It is there for the app's code: chunks that share modules with
 * the boot script list the sheet among what they load (Vite's preload), and skip it only when the
 * page already links it; loaded, it would put a second copy of every rule under the page's own.
 */
export function renderedPageTemplate(template: string): string {
  return template.replace(STYLE_SHEET_LINK, (link) => link.replace('<link rel="stylesheet"', '<link rel="stylesheet" disabled'));
}
