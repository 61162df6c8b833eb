// Issue 49, point 3: the all-India pincode directory checkout reads (app/models/store/checkout/pincodes.server.ts).
import { expect, test } from "vitest";
import { pincodePlace, withPlace } from "~/models/store/checkout/pincodes.server";

test("a pincode gives its district and state, with today's state names; six digits that are no pincode give nothing", () => {
  expect(pincodePlace("411001")).toEqual({ district: "Pune", state: "Maharashtra" });
  expect(pincodePlace("110001")).toEqual({ district: "Central Delhi", state: "Delhi" });
  // Ladakh since 2019, Chhattisgarh spelt right, Puducherry, the merged union territory of 2020.
  expect(pincodePlace("194101")).toEqual({ district: "Leh", state: "Ladakh" });
  expect(pincodePlace("492001")?.state).toBe("Chhattisgarh");
  expect(pincodePlace("605001")?.state).toBe("Puducherry");
  expect(pincodePlace("396210")?.state).toBe("Dadra and Nagar Haveli and Daman and Diu");
  for (const none of ["999999", "000000", "012345", "41100", "4110011", "41100a", ""]) expect(pincodePlace(none), none).toBeNull();
});

test("the shipping details take the directory's district and state over what was typed", () => {
  const typed = { name: "Asha Rao", email: "a@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "MH", zip: "411001" };
  expect(withPlace(typed)).toEqual({ kind: "placed", shipping: { ...typed, district: "Pune", state: "Maharashtra" } });
  expect(withPlace({ ...typed, zip: "999999" })).toEqual({ kind: "unknown" });
  // Another state's name, code or old name is a contradiction the buyer resolves (issue 65, point 7); the same state however written, or a name that is none, is not.
  for (const state of ["Karnataka", "KA", "karnataka", "Orissa"]) expect(withPlace({ ...typed, state, zip: "110001" }), state).toEqual({ kind: "elsewhere", state: "Delhi" });
  for (const state of ["Delhi", "New Delhi", "NCT of Delhi", "DL", "delhi "]) expect(withPlace({ ...typed, state, zip: "110001" }).kind, state).toBe("placed");
  expect(withPlace({ ...typed, state: "Maharastra" })).toMatchObject({ kind: "placed", shipping: { state: "Maharashtra" } });
  expect(withPlace({ ...typed, state: "tamilnadu", zip: "600001" }).kind).toBe("placed");
  expect(withPlace({ ...typed, state: "Jammu and Kashmir", zip: "190001" }).kind).toBe("placed");
});
