// Finding a book when you mistype it (issue 32, point 5): each word of a search may be
// misspelt and in any order; the best matches come first unless another sort is chosen;
// the query runs on the listing's trigram index on both databases.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import * as storeRoute from "~/routes/store._index";
import { createProduct, createUser } from "~/seed/factories.server";
import { call, getRequest } from "../support/remix";

const store = async (query: string) => (await call(storeRoute.loader as never, getRequest(`/store${query}`))).data;
const titles = async (query: string) => (await store(query)).products.map((p: { title: string }) => p.title);

describe("typo-tolerant search", async () => {
  const sellerId = await createUser(db, { email: `search.${Date.now()}@example.in`, passwordHash: "x" });
  const books: Array<[string, string, number, string?]> = [
    ["Concepts of Physics Vol. 1", "H.C. Verma", 350, "978-81-7709-187-8"],
    ["Physics for JEE Main", "D.C. Pandey", 420],
    ["Organic Chemistry", "Morrison & Boyd", 500],
    ["Problems in Physical Chemistry", "Narendra Awasthi", 300],
    ["Objective Biology", "Dinesh", 250],
  ];
  for (const [title, author, price, isbn] of books) {
    const id = await createProduct(db, { sellerId, title, author, price, category: "Search Books" });
    if (isbn) await db.execute(sql`UPDATE marketplace_products SET isbn = ${isbn} WHERE id = ${id}`);
  }

  test("'phyiscs hc verma' finds Concepts of Physics by H.C. Verma; so do the words in another order", async () => {
    expect(await titles("?q=phyiscs%20hc%20verma")).toEqual(["Concepts of Physics Vol. 1"]);
    expect(await titles("?q=verma%20concepts")).toEqual(["Concepts of Physics Vol. 1"]);
    expect(await titles("?q=H.C.%20Verma")).toEqual(["Concepts of Physics Vol. 1"]);
    expect(await titles("?q=978-81-7709-187-8")).toEqual(["Concepts of Physics Vol. 1"]);
    // Part of a word still finds it, and an unrelated word finds nothing.
    expect(await titles("?q=morris")).toEqual(["Organic Chemistry"]);
    expect(await titles("?q=zoology%20verma")).toEqual([]);
    // A word some listing word starts with is taken as typed: "physics" does not bring in "physical".
    expect((await titles("?q=physics")).sort()).toEqual(["Concepts of Physics Vol. 1", "Physics for JEE Main"]);
  });

  test("the best matches first by default; a chosen sort is kept", async () => {
    const best = await titles("?q=fisics");
    expect(best.slice(0, 2).sort()).toEqual(["Concepts of Physics Vol. 1", "Physics for JEE Main"]);
    expect(best).not.toContain("Objective Biology");
    const chem = await titles("?q=organik%20chemistry");
    expect(chem[0]).toBe("Organic Chemistry");
    const byPrice = await store("?q=physics&sort=price-high");
    expect(byPrice.products.map((p: { price: number }) => p.price)).toEqual([...byPrice.products.map((p: { price: number }) => p.price)].sort((a, b) => b - a));
    expect(byPrice.query.sort).toBe("price-high");
  });

  test("both steps use their indexes: the words' trigrams, then the listings' words", async () => {
    // With the planner told to avoid scanning tables, each plan must still reach its index.
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const plan = async (query: ReturnType<typeof sql>) => rowsOf<{ "QUERY PLAN": string }>(await tx.execute(query)).map((r) => r["QUERY PLAN"]).join("\n");
      return [await plan(sql`EXPLAIN SELECT word FROM store_words ORDER BY word <-> 'phyiscs' LIMIT 8`), await plan(sql`EXPLAIN SELECT id FROM marketplace_products WHERE search_tsv @@ to_tsquery('simple', 'physics & verma')`)];
    });
    expect(plans[0]).toContain("store_words_trgm_idx");
    expect(plans[1]).toContain("marketplace_products_search_idx");
  });

  test("a listing's words are searchable as soon as it is saved, and after an edit", async () => {
    const id = await createProduct(db, { sellerId, title: "Zymology Primer", author: "Quillfeather", price: 100, category: "Search Books" });
    expect(await titles("?q=zymologi")).toEqual(["Zymology Primer"]);
    await db.execute(sql`UPDATE marketplace_products SET title = 'Xylophone Basics' WHERE id = ${id}`);
    expect(await titles("?q=xylofone")).toEqual(["Xylophone Basics"]);
    expect(await titles("?q=zymology")).not.toContain("Xylophone Basics");
  });
});
