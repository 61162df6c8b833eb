import { redirect } from "@remix-run/node";
import { isUuid } from "~/utils/misc";

/** A permanent redirect from an old path (DESIGN.md §7), keeping the query string. */
export function moved(request: Request, to: string) {
  const { search } = new URL(request.url);
  return redirect(to + search, 301);
}

export function movedProduct(request: Request, id: string | undefined, to: (id: string) => string) {
  if (!isUuid(id)) throw new Response("Not Found", { status: 404 });
  return moved(request, to(id));
}
