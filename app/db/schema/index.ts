// The one Drizzle schema for the whole product, a file per domain (issue 29), so an admin
// finds every table in one place: this list. Table and column names follow the spec
// (snake_case) so that an admin's SQL reads like the spec. Every rule an admin could
// break by hand is a CHECK or a foreign key, not just application code.
//
// Every foreign key's delete behaviour is chosen on purpose:
// - rows that only describe a user or a contest (sessions, entries, answers, likes,
//   listings) go with it (cascade);
// - money records (payments, orders) are kept: a user or contest that has them cannot
//   be deleted (restrict); such an account is anonymised instead;
// - a sold listing can go (its seller may leave): order items keep the title and price.
//
// The files refer to each other's tables both ways (an entry names its payment, a
// payment its contest), always through a function Drizzle calls once every file has
// loaded, so the import cycle between them is safe (eslint.config.js allows it here).
export * from "./accounts";
export * from "./contests";
export * from "./marketplace";
export * from "./payments";
export * from "./blog";
export * from "./support";
export * from "./practice";
export * from "./views";
