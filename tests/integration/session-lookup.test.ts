// One session lookup per request, however many loaders ask (issue "A sound base", point 3).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { createUser } from "~/seed/factories.server";
import { sessions } from "~/db/schema";
import * as root from "~/root";
import * as dashboard from "~/routes/dashboard";
import { createSession, SESSION_TTL_MS } from "~/models/accounts/auth.server";
import { call, cookieFrom, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const sessionQueries = (queries: string[]) => queries.filter((q) => /from "sessions"/i.test(q));

test("the root loader and the page's loader share one session lookup", async () => {
  const { cookie } = await signedInStudent({ email: "lookup@example.in", fullName: "Lookup" });
  const context = { clientIp: "192.0.2.1" }; // one request: one context
  const queries = await queriesDuring(async () => {
    const [r, d] = await Promise.all([
      call(root.loader, getRequest("/dashboard", cookie), { context }),
      call(dashboard.loader, getRequest("/dashboard", cookie), { context }),
    ]);
    expect(r.data.user).toMatchObject({ name: "Lookup" });
    expect(d.status).toBe(200);
  });
  expect(sessionQueries(queries)).toHaveLength(1);

  // A new request looks again.
  const next = await queriesDuring(() => call(root.loader, getRequest("/", cookie), { context: {} }));
  expect(sessionQueries(next)).toHaveLength(1);
});

test("a cookie whose session has ended or expired is cleared", async () => {
  const userId = await createUser(db, { email: "stale@example.in", passwordHash: "x" });
  const ended = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, userId) }))!;
  await db.delete(sessions).where(eq(sessions.user_id, userId));
  const expired = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, userId, new Date(Date.now() - SESSION_TTL_MS - 1000)) }))!;

  for (const cookie of [ended, expired]) {
    const res = await call(root.loader, getRequest("/", cookie), { context: {} });
    expect(res.data.user).toBeNull();
    expect(res.headers.getSetCookie().some((c) => /^__session=;.*Max-Age=0/i.test(c))).toBe(true);
  }
  // A guest without a cookie gets no Set-Cookie for it.
  const guest = await call(root.loader, getRequest("/"), { context: {} });
  expect(guest.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
});
