import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The web app's typed operations are generated from api/schema.graphql (`npm run codegen`).
// Regenerating into a temporary folder must give exactly the committed files.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const generatedDir = 'web/src/graphql/generated/';

async function filesIn(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), 'utf8')])));
}

describe('the generated GraphQL client code', () => {
  it('is current with the schema and the web operations (run `npm run codegen`)', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'codegen-check-'));
    try {
      const config = (await readFile(path.join(root, 'codegen.yml'), 'utf8')).replace(
        `${generatedDir}:`,
        `${path.join(scratch, 'out')}/:`,
      );
      expect(config).toContain(scratch);
      const configFile = path.join(scratch, 'codegen.yml');
      await writeFile(configFile, config);
      const bin = path.join(root, 'node_modules/@graphql-codegen/cli/esm/bin.js');
      await promisify(execFile)(process.execPath, [bin, '--config', configFile, '--silent'], { cwd: root });
      expect(await filesIn(path.join(root, generatedDir))).toEqual(await filesIn(path.join(scratch, 'out')));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
