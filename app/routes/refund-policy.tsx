import type { LoaderFunctionArgs } from "@remix-run/node";
import { moved } from "~/utils/legacy.server";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const loader = ({ request }: LoaderFunctionArgs) => moved(request, "/refund");
