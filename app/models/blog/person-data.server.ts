// The blog's person data (issue 66, point 2): a reader's comments, likes and bookmarks, all
// of them the person's own and deleted by erasure. Registered by models/person-data.server.ts.
import { sql } from "drizzle-orm";
import { deleteRowsOf, rowsOfMine, type PersonData } from "~/models/accounts/personal-data.server";

export const BLOG_PERSON_DATA: PersonData = {
  domain: "blog",
  tables: {
    comments: { erase: "delete", why: "what the person wrote" },
    likes: { erase: "delete", why: "describes only the person" },
    bookmarks: { erase: "delete", why: "describes only the person" },
  },
  download: (me) => ({
    comments: rowsOfMine("comments", sql`t.user_id = ${me}`),
    likes: rowsOfMine("likes", sql`t.user_id = ${me}`),
    bookmarks: rowsOfMine("bookmarks", sql`t.user_id = ${me}`),
  }),
  owed: [],
  erase: async (tx, { id }) => {
    await deleteRowsOf(tx, id, ["likes", "bookmarks", "comments"]);
  },
};
