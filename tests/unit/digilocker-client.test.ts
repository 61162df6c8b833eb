// Issue 67, point 2: our client for DigiLocker's OAuth 2.0 API (app/models/accounts/parents/digilocker.server.ts), tested
// against a local HTTP stand-in that speaks it (as Resend's and Razorpay's clients are): the authorisation URL with
// an S256 challenge, the token request with the client's secret and the PKCE verifier, the subject and date of birth
// from the token's answer or the user-details API; which client is live; DigiLocker's DDMMYYYY dates.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { birthDateOf, chooseDigiLocker, codeChallengeOf, DigiLockerRefusal, digiLockerClient } from "~/models/accounts/parents/digilocker.server";

const requests: Array<{ url: string; body: string; auth?: string }> = [];
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      requests.push({ url: req.url ?? "", body, auth: req.headers.authorization });
      const form = new URLSearchParams(body);
      res.setHeader("Content-Type", "application/json");
      if (req.url === "/public/oauth2/1/token") {
        if (form.get("code") === "bad") return res.writeHead(400).end(JSON.stringify({ error: "invalid_grant" }));
        // Without the user's details in the answer, the client asks the user-details API.
        const details = form.get("code") === "lean" ? {} : { digilockerid: "123e4567-e89b-12d3-a456-426655440000", dob: "15081985", name: "Not Kept" };
        return res.end(JSON.stringify({ access_token: "at-1", expires_in: 3600, token_type: "Bearer", scope: "openid", ...details }));
      }
      if (req.url === "/public/oauth2/1/user") return res.end(JSON.stringify({ digilockerid: "lean-subject", dob: "01-02-2012" }));
      res.writeHead(404).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("the authorisation URL names our client, callback, state and an S256 challenge", () => {
  const url = new URL(digiLockerClient("client-1", "secret-1", base).authorizeUrl({ state: "s".repeat(43), codeChallenge: codeChallengeOf("v".repeat(43)), redirectUri: "https://studyarena.in/consent/digilocker" }));
  expect(url.pathname).toBe("/public/oauth2/1/authorize");
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: "code", client_id: "client-1", redirect_uri: "https://studyarena.in/consent/digilocker", state: "s".repeat(43), code_challenge_method: "S256" });
  // RFC 7636's example: BASE64URL(SHA256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).
  expect(codeChallengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
});

test("the token request carries the secret and the verifier; the subject and date of birth come from its answer or the user-details API", async () => {
  const client = digiLockerClient("client-1", "secret-1", base);
  const who = await client.exchange({ code: "good", codeVerifier: "v".repeat(43), redirectUri: "https://studyarena.in/consent/digilocker", now: new Date() });
  expect(who).toEqual({ subject: "123e4567-e89b-12d3-a456-426655440000", dob: "15081985" });
  const sent = new URLSearchParams(requests.at(-1)!.body);
  expect(Object.fromEntries(sent)).toMatchObject({ grant_type: "authorization_code", code: "good", client_id: "client-1", client_secret: "secret-1", code_verifier: "v".repeat(43) });
  expect(await client.exchange({ code: "lean", codeVerifier: "v".repeat(43), redirectUri: "x", now: new Date() })).toEqual({ subject: "lean-subject", dob: "01-02-2012" });
  expect(requests.at(-1)).toMatchObject({ url: "/public/oauth2/1/user", auth: "Bearer at-1" });
  await expect(client.exchange({ code: "bad", codeVerifier: "v".repeat(43), redirectUri: "x", now: new Date() })).rejects.toBeInstanceOf(DigiLockerRefusal);
});

test("DigiLocker with both keys; the stand-in on the embedded database or when chosen; none on PostgreSQL otherwise", () => {
  const postgres = "postgres://db/studyarena";
  expect(chooseDigiLocker({ DIGILOCKER_CLIENT_ID: "a", DIGILOCKER_CLIENT_SECRET: "b", DATABASE_URL: postgres })).toBe("digilocker");
  expect(chooseDigiLocker({})).toBe("stand-in");
  expect(chooseDigiLocker({ DATABASE_URL: "pglite:memory://" })).toBe("stand-in");
  expect(chooseDigiLocker({ DATABASE_URL: postgres })).toBe("none");
  expect(chooseDigiLocker({ DATABASE_URL: postgres, DIGILOCKER_STAND_IN: "on" })).toBe("stand-in");
  expect(chooseDigiLocker({ DIGILOCKER_STAND_IN: "off" })).toBe("none");
});

test("DigiLocker's dates of birth are read as they come, and anything else is none", () => {
  expect(birthDateOf("15081985")).toBe("1985-08-15");
  expect(birthDateOf("01-02-2012")).toBe("2012-02-01");
  expect(birthDateOf("29/02/2001")).toBeNull();
  expect(birthDateOf("1985-08-15")).toBeNull();
  expect(birthDateOf(null)).toBeNull();
});
