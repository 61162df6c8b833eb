import type { LoaderFunctionArgs } from "@remix-run/node";
import { moved } from "~/utils/legacy.server";

export const loader = ({ request }: LoaderFunctionArgs) => moved(request, "/cookie");
