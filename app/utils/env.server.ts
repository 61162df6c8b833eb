import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// All configuration is read here, once, so the README's table of variables has one
// place to stay true to.
export function dataDir() {
  return path.resolve(process.env.DATA_DIR || ".data");
}

export function port() {
  return Number(process.env.PORT || 3000);
}

export function appUrl() {
  return (process.env.APP_URL || `http://localhost:${port()}`).replace(/\/+$/, "");
}

export function supportEmail() {
  return process.env.SUPPORT_EMAIL || "support@studyarena.in";
}

export function emailFrom() {
  return process.env.EMAIL_FROM || "StudyArena <no-reply@studyarena.in>";
}

let cachedSecret: string | undefined;

// A dev machine gets a secret generated once into DATA_DIR, so sessions survive
// restarts without anyone having to configure anything.
export function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (cachedSecret) return cachedSecret;
  const file = path.join(dataDir(), "session-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    cachedSecret = randomBytes(32).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}
