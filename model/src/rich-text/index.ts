export * from './document.js';
export { allowedHref, allowedImageSource } from './addresses.js';
export { checkRichText } from './check.js';
export { plainTextOf, richTextFromPlainText } from './plain-text.js';
export { linkAttributes, richTextElements, richTextHtml, type RichChild, type RichElement, type RichTag } from './render.js';
