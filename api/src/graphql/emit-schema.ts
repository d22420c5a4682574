import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { schemaFileContent } from './schema.js';

// `npm run schema -w api`: writes the SDL the web app's codegen reads.
const target = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
await writeFile(target, await schemaFileContent());
console.log(`Wrote ${target}`);
