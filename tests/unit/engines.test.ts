// package.json's `engines` is a promise to whoever installs the app: every dependency
// must run on the oldest Node.js it names (a newer-only release slipped in once).
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

test("every direct dependency runs on the oldest Node.js we promise", () => {
  const oldest = semver.minVersion(pkg.engines.node)!;
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  const refusing = names.flatMap((name) => {
    const dep = JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"));
    const wants = dep.engines?.node;
    return wants && !semver.satisfies(oldest, wants) ? [`${name}@${dep.version} wants node ${wants}`] : [];
  });
  expect(refusing).toEqual([]);
});
