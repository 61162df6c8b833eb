// A race that only PostgreSQL can lose. PGlite runs one transaction at a time, so on it
// these tests pass with or without the row lock they prove: there they check the
// behaviour, and only the PostgreSQL pass (TEST_DATABASE_URL, which CI requires) proves
// the lock. Their names say so, so a PGlite-only run is not mistaken for that proof.
export const PROVEN_ON_POSTGRESQL = "[lock: proven on PostgreSQL only]";
