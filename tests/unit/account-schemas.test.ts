import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { ContestJoinSchema, LoginSchema, MESSAGES, ResetPasswordSchema, SignupSchema } from "~/models/accounts/schemas";
import { BLOG_MESSAGES, BlogActionSchema } from "~/models/blog/schemas";
import { ContactSchema } from "~/models/support/contact-schema";
import { english, inEnglish } from "../support/words";

const ADULT = "1990-06-15";

function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const result = parseWithZod(form, { schema });
  return result.status === "success" ? null : Object.fromEntries(Object.entries(result.error ?? {}).map(([field, messages]) => [field, messages?.map((m) => inEnglish(m)) ?? null]));
}

describe("account form messages", () => {
  test("login needs both fields, whitespace counts as empty", () => {
    expect(errors(LoginSchema, { email: "a@b.in", password: "" })?.[""]).toEqual([english(MESSAGES.loginRequired)]);
    expect(errors(LoginSchema, { email: "   ", password: "x" })?.[""]).toEqual([english(MESSAGES.loginRequired)]);
    expect(errors(LoginSchema, { email: "a@b.in", password: "x" })).toBeNull();
  });
  test("signup: all fields, then e-mail and strength", () => {
    expect(errors(SignupSchema, { fullName: "A", email: "", password: "x" })?.[""]).toEqual([english(MESSAGES.signupRequired)]);
    expect(errors(SignupSchema, { fullName: "A", email: "nope", password: "Abcdefg1", birthDate: ADULT })?.email).toEqual([english(MESSAGES.emailInvalid)]);
    expect(errors(SignupSchema, { fullName: "A", email: "a@b.in", password: "abc", birthDate: ADULT })?.password).toEqual([english(MESSAGES.passwordWeak)]);
    expect(errors(SignupSchema, { fullName: "A", email: "a@b.in", password: "Aa1!".repeat(2560), birthDate: ADULT })?.password).toEqual([english(MESSAGES.passwordTooLong)]);
    // The date of birth is one of the fields; the parent's e-mail is not (the account rules ask it under 18).
    expect(errors(SignupSchema, { fullName: "A", email: "a@b.in", password: "Str0ng!Pass" })?.[""]).toEqual([english(MESSAGES.signupRequired)]);
    expect(errors(SignupSchema, { fullName: "A", email: "a@b.in", password: "Str0ng!Pass", birthDate: ADULT })).toBeNull();
  });
  test("signup: a date of birth that is a real day, not in the future, not 150 years ago; a parent's e-mail not the student's", () => {
    const birth = (birthDate: string, more: Record<string, string> = {}) => errors(SignupSchema, { fullName: "A", email: "a@b.in", password: "Str0ng!Pass", birthDate, ...more });
    expect(birth("2999-01-01")?.birthDate).toEqual([english(MESSAGES.birthDateFuture)]);
    expect(birth("1876-11-27")?.birthDate).toEqual([english(MESSAGES.birthDateTooOld)]);
    expect(birth("2009-02-30")?.birthDate).toEqual([english(MESSAGES.birthDateInvalid)]);
    expect(birth("yesterday")?.birthDate).toEqual([english(MESSAGES.birthDateInvalid)]);
    expect(birth("2009-02-28", { parentEmail: "not-an-address" })?.parentEmail).toEqual([english(MESSAGES.emailInvalid)]);
    expect(birth("2009-02-28", { parentEmail: " A@B.in " })?.parentEmail).toEqual([english(MESSAGES.parentEmailSame)]);
    expect(birth("28/02/2009", { parentEmail: "mother@b.in" })).toBeNull();
  });
  test("reset: match and strength", () => {
    expect(errors(ResetPasswordSchema, { password: "Abcdefg1", confirmPassword: "Abcdefg2" })?.confirmPassword).toEqual([english(MESSAGES.passwordsDiffer)]);
    expect(errors(ResetPasswordSchema, { password: "abcdefgh", confirmPassword: "abcdefgh" })?.password).toEqual([english(MESSAGES.passwordWeak)]);
    expect(errors(ResetPasswordSchema, { password: "Abcdefgh", confirmPassword: "Abcdefgh" })).toBeNull();
  });
  test("spaces alone are no password", () => {
    expect(errors(ResetPasswordSchema, { password: "        ", confirmPassword: "        " })?.password).toEqual([english(MESSAGES.passwordRequired)]);
    expect(errors(SignupSchema, { fullName: "A", email: "a@b.in", password: "            ", birthDate: ADULT })?.[""]).toEqual([english(MESSAGES.signupRequired)]);
  });
  test("parsed values are complete strings, trimmed where spaces mean nothing", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ fullName: " Asha ", email: " a@b.in ", password: " Secret@123 ", birthDate: "17-05-2008", parentEmail: " mother@b.in " })) form.append(k, v);
    const result = parseWithZod(form, { schema: SignupSchema });
    expect(result.status === "success" && result.value).toEqual({ fullName: "Asha", email: "a@b.in", password: " Secret@123 ", redirectTo: undefined, birthDate: "2008-05-17", parentEmail: "mother@b.in" });
  });
  test("contact: every field, a known subject and the privacy box", () => {
    const e = errors(ContactSchema, { name: " ", email: "x", subject: "refund", message: "", privacy: "" });
    expect(e?.name).toEqual(["Please enter your name"]);
    expect(e?.email).toEqual(["Please enter a valid email address"]);
    expect(e?.subject).toEqual(["Please choose a subject"]);
    expect(e?.message).toEqual(["Please enter your message"]);
    expect(e?.privacy).toEqual(["Please accept the privacy policy"]);
  });
});

describe("bidirectional controls never reach a name or a comment", () => {
  const value = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const result = parseWithZod(form, { schema });
    return result.status === "success" ? result.value : null;
  };
  test("names: the controls are removed; a name of nothing else is missing", () => {
    expect(value(SignupSchema, { fullName: "\u202EAsha Rao\u202C", email: "a@b.in", password: "Str0ng!Pass", birthDate: ADULT })).toMatchObject({ fullName: "Asha Rao" });
    expect(errors(SignupSchema, { fullName: "\u202E\u2066 \u2069", email: "a@b.in", password: "Str0ng!Pass", birthDate: ADULT })?.[""]).toEqual([english(MESSAGES.signupRequired)]);
    expect(value(ContestJoinSchema, { fullName: "\u2067Neha\u2069", email: "a@b.in", password: "x" })).toMatchObject({ fullName: "Neha" });
    // Right-to-left text itself stays.
    expect(value(SignupSchema, { fullName: "علي", email: "a@b.in", password: "Str0ng!Pass", birthDate: ADULT })).toMatchObject({ fullName: "علي" });
  });
  test("comments: the controls are removed; a comment of nothing else is blank", () => {
    expect(value(BlogActionSchema, { intent: "comment", content: "exe.\u202Etxt" })).toEqual({ intent: "comment", content: "exe.txt" });
    expect(errors(BlogActionSchema, { intent: "comment", content: "\u202E\u202C" })?.content).toEqual([english(BLOG_MESSAGES.commentRequired)]);
  });
});

describe("a refused login says how long to wait", () => {
  test("in seconds under a minute, else in whole minutes rounded up", async () => {
    const { tooManyAttemptsFor: message } = await import("~/models/accounts/messages");
    const { translator } = await import("~/utils/i18n.server");
    const { translateMsg } = await import("~/utils/i18n");
    const inLanguage = (seconds: number, t: ReturnType<typeof translator>) => translateMsg(t, message(seconds));
    const tooManyAttemptsFor = (seconds: number) => inLanguage(seconds, translator("en"));
    expect(tooManyAttemptsFor(1)).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(tooManyAttemptsFor(59)).toBe("Too many attempts. Please wait 59 seconds and try again.");
    expect(tooManyAttemptsFor(60)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(tooManyAttemptsFor(61)).toBe("Too many attempts. Please wait 2 minutes and try again.");
    expect(tooManyAttemptsFor(900)).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect(inLanguage(900, translator("hi"))).toBe("बहुत ज़्यादा कोशिशें हो गईं। कृपया 15 मिनट रुककर फिर कोशिश करें।");
  });
});
