// The one module that knows every domain's person data (issue 66, point 2;
// docs/decisions/privacy-personal-data.md): like models/fulfilments.server.ts for payment
// purposes, it lists each domain's contract and registers them with the privacy module
// (models/accounts/personal-data.server.ts), which imports no domain and only composes
// them. Importing this module registers them: start-up does (app/server/lifecycle.server.ts),
// and so do the routes that download or erase, by taking those functions from here.
// The list's order is the erasure's order after the accounts' own deletes.
import { ANALYTICS_PERSON_DATA } from "~/models/analytics/person-data.server";
import { BLOG_PERSON_DATA } from "~/models/blog/person-data.server";
import { CONTESTS_PERSON_DATA } from "~/models/contests/results/person-data.server";
import { PAYMENTS_PERSON_DATA } from "~/models/payments/person-data.server";
import { STORE_PERSON_DATA } from "~/models/store/checkout/person-data.server";
import { SUPPORT_PERSON_DATA } from "~/models/support/person-data.server";
import { registerPersonData } from "~/models/accounts/personal-data.server";

export const PERSON_DATA = [PAYMENTS_PERSON_DATA, STORE_PERSON_DATA, BLOG_PERSON_DATA, CONTESTS_PERSON_DATA, SUPPORT_PERSON_DATA, ANALYTICS_PERSON_DATA];

registerPersonData(PERSON_DATA);

export { eraseAccount, exportPersonalData, owedMessage, personDataContracts } from "~/models/accounts/personal-data.server";
