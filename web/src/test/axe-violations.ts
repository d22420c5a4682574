import axe from 'axe-core';

/**
 * axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast), or on `root`
 * alone: an open dialog, once its machine has hidden the page behind it with aria-hidden (jsdom
 * has no `inert`, so axe would count the hidden page's buttons against the dialog).
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
