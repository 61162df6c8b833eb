import type { LoaderFunctionArgs } from "@remix-run/node";
import { movedProduct } from "~/utils/legacy.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  movedProduct(request, params, (id) => `/store/${id}/productdetails`);
