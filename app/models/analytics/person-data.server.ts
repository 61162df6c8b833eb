// Analytics' person data (issue 66, point 2): page views and clicks keep their counts and
// lose whose they were. Registered by models/person-data.server.ts.
import { sql } from "drizzle-orm";
import { rowsOfMine, type PersonData } from "~/models/accounts/personal-data.server";

export const ANALYTICS_PERSON_DATA: PersonData = {
  domain: "analytics",
  tables: {
    analytics_events: { erase: "anonymise", why: "the counts stay; whose they were goes" },
  },
  download: (me) => ({
    analytics_events: rowsOfMine("analytics_events", sql`t.user_id = ${me}`, ["id", "user_id"]),
  }),
  owed: [],
  erase: async (tx, { id }) => {
    await tx.execute(sql`UPDATE analytics_events SET user_id = NULL WHERE user_id = ${id}`);
  },
};
