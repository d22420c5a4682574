import fs from 'node:fs';

export default async function globalTeardown() {
  const running = globalThis.__testPostgres;
  if (!running) return;
  await running.server.stop();
  fs.rmSync(running.directory, { recursive: true, force: true });
}
