import type { ChildProcess } from 'node:child_process';

// Imported without a file extension: jest loads global setup/teardown through plain require
// (its moduleNameMapper does not apply there), which finds .ts files only by bare name.

const STOP_TIMEOUT_MS = 20_000;

/** SIGTERM (the server then stops its embedded PostgreSQL), SIGKILL if it does not exit in time. */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const stopped = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await stopped;
  clearTimeout(timer);
}
