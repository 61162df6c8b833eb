import { createHash } from "node:crypto";

/** The SHA-256 of a string, in hex: for keys and stored tokens of a bounded size that reveal nothing. */
export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");
