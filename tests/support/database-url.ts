// The admin connection's URL with another database named: kept apart from
// ./global-setup.ts, which loads PGlite and the migrator, so that each test file's set-up
// (./database.ts) does not load them too.
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
