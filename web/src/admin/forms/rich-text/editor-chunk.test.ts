import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

// The editor (TipTap and ProseMirror) must stay a chunk of its own that the admin loads when a
// form with a rich field opens: only this folder imports TipTap, and nothing imports this folder
// statically, so neither the public bundle nor the admin panel's first chunk carries it.

const src = fileURLToPath(new URL('../../../', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const outside = sources(src).filter((file) => !file.startsWith(here));

describe('the rich-text editor chunk', () => {
  it('is the only code importing TipTap', () => {
    expect(outside.filter((file) => /from '@tiptap\//.test(readFileSync(file, 'utf8'))).map((file) => path.relative(src, file))).toEqual([]);
  });

  it('is reached only through a dynamic import', () => {
    const importers = outside.filter((file) => /(\.\/|forms\/)rich-text\//.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => path.relative(src, file))).toEqual(['admin/forms/RichTextField.tsx']);
    const source = readFileSync(path.join(src, 'admin/forms/RichTextField.tsx'), 'utf8');
    expect(source).toContain("import('./rich-text/RichTextEditor')");
    expect(source).not.toMatch(/from '\.\/rich-text\//);
  });
});
