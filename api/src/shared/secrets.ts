import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret generated on first use and kept in `$DATA_DIR/secrets.json` (mode 600), so it
 * survives restarts without being configured. Never logged.
 */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    fs.renameSync(temporary, file);
  }
  return secrets[name];
}
