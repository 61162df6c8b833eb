// Form-field limits are written once (issue 29): each form's inputs and its server schema
// read the same lengths, so the server takes exactly what the input lets a person type.
import { describe, expect, test } from "vitest";
import { ACCOUNT_MAX, ProfileSchema, SignupSchema } from "~/models/accounts/schemas";
import { LISTING_MAX } from "~/models/store/listings/listing";
import { ListingSchema } from "~/models/store/listings/listing-schema";
import { CONTACT_MAX, ContactSchema } from "~/models/support/contact-schema";
import { SEARCH_MAX, searchText } from "~/utils/text";

const fieldsWithErrors = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => String(i.path[0] ?? "")))];

describe("at the input's maxLength the server agrees; one past it, it refuses", () => {
  test("sign-up and the profile", () => {
    const signup = (fullName: string) => fieldsWithErrors(SignupSchema.safeParse({ fullName, email: "a@b.in", password: "Correct-Horse-9", birthDate: "1990-06-15" }));
    expect(signup("a".repeat(ACCOUNT_MAX.fullName))).toEqual([]);
    expect(signup("a".repeat(ACCOUNT_MAX.fullName + 1))).toEqual(["fullName"]);
    const profile = (input: Record<string, string>) => fieldsWithErrors(ProfileSchema.safeParse({ intent: "profile", fullName: "Asha", phone: "", address: "", ...input }));
    expect(profile({ address: "a".repeat(ACCOUNT_MAX.address) })).toEqual([]);
    expect(profile({ address: "a".repeat(ACCOUNT_MAX.address + 1) })).toEqual(["address"]);
    expect(profile({ phone: "+91 (987) 654-3210" })).toEqual([]);
    expect(profile({ phone: "9 8 7 6 5 4 3 2 1 0    " })).toEqual(["phone"]);
  });

  test("the contact form", () => {
    const contact = (input: Record<string, string>) =>
      fieldsWithErrors(ContactSchema.safeParse({ name: "Asha", email: "a@b.in", subject: "other", message: "Hello", privacy: "on", ...input }));
    expect(contact({ name: "a".repeat(CONTACT_MAX.name), message: "m".repeat(CONTACT_MAX.message) })).toEqual([]);
    expect(contact({ name: "a".repeat(CONTACT_MAX.name + 1) })).toEqual(["name"]);
    expect(contact({ message: "m".repeat(CONTACT_MAX.message + 1) })).toEqual(["message"]);
  });

  test("the product form", () => {
    const listing = (input: Record<string, string>) =>
      fieldsWithErrors(ListingSchema.safeParse({ title: "Atlas", description: "Good", price: "100", category: "1", condition: "Good", ...input }));
    for (const field of ["title", "description", "author", "publisher"] as const) {
      expect(listing({ [field]: "a".repeat(LISTING_MAX[field]) }), field).toEqual([]);
      expect(listing({ [field]: "a".repeat(LISTING_MAX[field] + 1) }), field).toEqual([field]);
    }
  });

  test("the search boxes", () => {
    expect(searchText(new URLSearchParams({ q: "x".repeat(SEARCH_MAX + 50) }))).toHaveLength(SEARCH_MAX);
  });
});
