import { expect, test } from "vitest";
import { chooseGateway, describeGateway } from "~/models/payments/gateway.server";

const keys = { RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "secret" };
const postgres = "postgres://app@db.internal:5432/studyarena";

test("the test gateway is on for the embedded database, or when chosen explicitly", () => {
  expect(chooseGateway({})).toBe("test");
  expect(chooseGateway({ DATABASE_URL: "pglite:memory://" })).toBe("test");
  expect(chooseGateway({ DATABASE_URL: postgres, PAYMENT_GATEWAY: "test" })).toBe("test");
  expect(chooseGateway({ ...keys, PAYMENT_GATEWAY: "test" })).toBe("test");
});

test("on PostgreSQL without keys no gateway is live; with keys, Razorpay", () => {
  expect(chooseGateway({ DATABASE_URL: postgres })).toBe("none");
  expect(chooseGateway({ DATABASE_URL: postgres, RAZORPAY_KEY_ID: "only-the-id" })).toBe("none");
  expect(chooseGateway({ DATABASE_URL: postgres, ...keys })).toBe("razorpay");
  expect(chooseGateway({ ...keys })).toBe("razorpay");
  // Asked for Razorpay without its keys: nothing, rather than the free test gateway.
  expect(chooseGateway({ PAYMENT_GATEWAY: "razorpay" })).toBe("none");
});

test("start-up says plainly whether money moves", () => {
  expect(describeGateway("test")).toContain("test payment: no money moves");
  expect(describeGateway("none")).toContain("paid enrolment is off");
  expect(describeGateway("razorpay")).toContain("real payments");
});
