import { expect, test } from "vitest";
import { liveSessionText } from "~/models/accounts/live-session.server";

test("the live-session rule as fixed SQL text: the row, and an expiry after now", () => {
  expect(liveSessionText("s", "$5", "$4")).toBe("s.id = $5 AND s.expires_at > $4::timestamptz");
});
