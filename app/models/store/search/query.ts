import { PRODUCT_CONDITIONS } from "~/utils/enums";
import { searchText } from "~/utils/text";

// The store's URL state (search, filters, sort, page): parsed leniently, because it
// comes from links and hand-edited URLs, never trusted further than this.
export const PAGE_SIZE = 12;
export const PRICE_MAX = 5000;
export const PRICE_STEP = 100;
// "relevance" is the default: the best matches first when there is a search, else the newest.
export const SORTS = ["relevance", "newest", "oldest", "price-low", "price-high", "rating"] as const;
export type Sort = (typeof SORTS)[number];


export type StoreQuery = {
  q: string;
  category: number | null;
  condition: (typeof PRODUCT_CONDITIONS)[number] | null;
  minPrice: number;
  maxPrice: number;
  sort: Sort;
  page: number;
};

function int(value: string | null, fallback: number, min: number, max: number) {
  const n = Number(value);
  if (value === null || value === "" || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(n)));
}

export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const sort = params.get("sort");
  const minPrice = int(params.get("min"), 0, 0, PRICE_MAX);
  const maxPrice = int(params.get("max"), PRICE_MAX, 0, PRICE_MAX);
  const category = int(params.get("category"), 0, 0, 1_000_000);
  const condition = params.get("condition");
  return {
    q: searchText(params),
    category: category > 0 ? category : null,
    condition: (PRODUCT_CONDITIONS as readonly string[]).includes(condition ?? "") ? (condition as StoreQuery["condition"]) : null,
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    sort: (SORTS as readonly string[]).includes(sort ?? "") ? (sort as Sort) : "relevance",
    page: int(params.get("page"), 1, 1, 10_000),
  };
}

/** Page numbers around the current one, with the first and last always shown. */
export function pageWindow(current: number, total: number, radius = 2): Array<number | "gap"> {
  const pages: Array<number | "gap"> = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}
