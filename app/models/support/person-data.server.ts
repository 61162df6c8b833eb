// Support's person data (issue 66, point 2): what a person asked us, signed in or by their
// address alone, and the mails we queued to that address; both go with the account.
// Registered by models/person-data.server.ts.
import { sql } from "drizzle-orm";
import { rowsOfMine, type PersonData } from "~/models/accounts/personal-data.server";

export const SUPPORT_PERSON_DATA: PersonData = {
  domain: "support",
  tables: {
    contact_requests: { erase: "delete", why: "what the person asked, by their account or their address" },
    email_outbox: { erase: "delete", why: "mails to the person's address (app/services/email.server.ts sends them)" },
    complaints: { erase: "delete", why: "the person's complaints: ticket, kind, address acknowledged, clocks (app/models/support/complaints.server.ts)" },
  },
  download: (me) => ({
    contact_requests: rowsOfMine("contact_requests", sql`t.user_id = ${me}`),
    complaints: rowsOfMine("complaints", sql`t.user_id = ${me}`),
    // Mails to the account's address, without their bodies: a body carries a live link (a
    // reset, a consent, an address proof), a secret of the system; housekeeping forgets old ones.
    mails: rowsOfMine("email_outbox", sql`t.to_address = (SELECT email FROM users WHERE id = ${me})`, ["html", "text", "last_error", "attempts", "next_attempt_at"]),
  }),
  owed: [],
  erase: async (tx, { id, email }) => {
    await tx.execute(sql`DELETE FROM contact_requests WHERE user_id = ${id} OR email = ${email}`);
    await tx.execute(sql`DELETE FROM complaints WHERE user_id = ${id} OR email = ${email}`);
    await tx.execute(sql`DELETE FROM email_outbox WHERE to_address = ${email}`);
  },
};
