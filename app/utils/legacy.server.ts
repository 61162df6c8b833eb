import { redirect } from "@remix-run/node";
import { requireUuidParam } from "~/utils/http.server";

/** A permanent redirect from an old path (docs/product/design.md §7), keeping the query string. */
export function moved(request: Request, to: string) {
  const { search } = new URL(request.url);
  return redirect(to + search, 301);
}

export function movedProduct(request: Request, params: Record<string, string | undefined>, to: (id: string) => string) {
  return moved(request, to(requireUuidParam(params)));
}
