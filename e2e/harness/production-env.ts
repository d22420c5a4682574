/**
 * The environment of a production server that a test or the bench starts on this machine: its own
 * DATA_DIR (so its own embedded PostgreSQL, never an inherited DATABASE_URL), its port, and the
 * PUBLIC_URL production requires (absolute URLs in pages name this server). `extra` comes last.
 */
export function productionEnv(
  dataDir: string,
  port: number,
  extra: NodeJS.ProcessEnv = {},
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}
