import axe from 'axe-core';

// Tests only: axe-core's rules on the page as it is, for the public pages' tests (the admin panel
// has its own copy; public code does not import from it). jsdom has no layout, so no colour contrast.

export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
