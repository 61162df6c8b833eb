import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ProductCard } from "~/components/store/product-card";
import { db } from "~/db/client.server";
import { getUserId } from "~/models/accounts/auth.server";
import { cartPreview } from "~/models/store/cart.server";
import { listCategories, listStoreProducts } from "~/models/store/products.server";
import { formatINR } from "~/utils/money";
import { PRODUCT_CONDITIONS } from "~/utils/enums";
import { pageWindow, parseStoreQuery, PRICE_MAX, PRICE_STEP, SORTS } from "~/models/store/query";
import { useDebouncedSubmit } from "~/utils/use-debounced-submit";
import { pageMeta } from "~/utils/meta";
import { SEARCH_MAX } from "~/utils/text";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = () => pageMeta("Marketplace", "Buy and sell used textbooks and study materials at 50-70% off: search by title, category, price and condition.");

const SORT_LABELS: Record<(typeof SORTS)[number], string> = {
  relevance: "Best match",
  newest: "Newest first",
  oldest: "Oldest first",
  "price-low": "Price: low to high",
  "price-high": "Price: high to low",
  rating: "Top rated",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseStoreQuery(new URL(request.url).searchParams);
  const userId = await getUserId(request, context);
  const [result, categories, cart] = await Promise.all([listStoreProducts(db, query), listCategories(db), userId ? cartPreview(db, userId) : null]);
  return { ...result, categories, query, cart };
}

export default function Store() {
  const { products, total, pages, categories, query, cart } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // docs/product/marketplace.md §2: search is debounced by 500 ms.
  const searchAsYouType = useDebouncedSubmit();
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    return `?${next}`;
  };
  return (
    <>
      <div className="page-head">
        <div className="container">
          <h1>Marketplace</h1>
          <p className="muted">Used books and study materials from students across India, at 50-70% off.</p>
        </div>
      </div>
      <section className="container section">
        <nav aria-label="Categories" className="chips">
          <Link to={withParams({ category: null, page: null })} aria-current={query.category ? undefined : "page"}>
            All
          </Link>
          {categories.map((c) => (
            <Link key={c.id} to={withParams({ category: String(c.id), page: null })} aria-current={query.category === c.id ? "page" : undefined}>
              {c.name}
            </Link>
          ))}
        </nav>
        {/* A GET form: filters work without JavaScript; with it, typing searches after 500 ms.
            On a phone the filters fold behind one control, so the first screen shows books;
            on a desktop they are always open (CSS). */}
        <Form method="get" className="store-search card" role="search">
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <div className="search-row">
            <label htmlFor="store-q" className="visually-hidden">
              Search
            </label>
            <input
              id="store-q"
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Search title, author or ISBN"
              maxLength={SEARCH_MAX}
              onChange={searchAsYouType}
            />
            <button type="submit" className="btn btn-primary">
              Search
            </button>
          </div>
          <details className="filters-more" open={query.minPrice > 0 || query.maxPrice < PRICE_MAX || Boolean(query.condition) || query.sort !== "relevance" ? true : undefined}>
            <summary>Filters and sort</summary>
            <div className="filters">
              <div className="field">
                <label htmlFor="store-min">Min price (₹)</label>
                <input id="store-min" type="number" name="min" min={0} max={PRICE_MAX} step={PRICE_STEP} defaultValue={query.minPrice || ""} inputMode="numeric" />
              </div>
              <div className="field">
                <label htmlFor="store-max">Max price (₹)</label>
                <input id="store-max" type="number" name="max" min={0} max={PRICE_MAX} step={PRICE_STEP} defaultValue={query.maxPrice < PRICE_MAX ? query.maxPrice : ""} inputMode="numeric" />
              </div>
              <div className="field">
                <label htmlFor="store-condition">Condition</label>
                <select id="store-condition" name="condition" defaultValue={query.condition ?? ""}>
                  <option value="">Any</option>
                  {PRODUCT_CONDITIONS.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="store-sort">Sort</label>
                <select id="store-sort" name="sort" defaultValue={query.sort}>
                  {SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABELS[s]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-primary">
                Apply
              </button>
            </div>
          </details>
        </Form>
        {cart && cart.count > 0 ? <CartPreview cart={cart} /> : null}
        <p className="muted" role="status">
          {total} {total === 1 ? "item" : "items"}
        </p>
        {products.length === 0 ? (
          <p className="card empty">No products found</p>
        ) : (
          <div className="store-grid">
            {products.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 4} />
            ))}
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="pager">
            {query.page > 1 ? <Link to={withParams({ page: String(query.page - 1) })}>Previous</Link> : null}
            {pageWindow(query.page, pages).map((p, i) =>
              p === "gap" ? (
                <span key={`gap-${i}`} aria-hidden="true">…</span>
              ) : (
                <Link key={p} to={withParams({ page: String(p) })} aria-current={p === query.page ? "page" : undefined} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              ),
            )}
            {query.page < pages ? <Link to={withParams({ page: String(query.page + 1) })}>Next</Link> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}

/** The store's cart preview (docs/product/marketplace.md §2): the newest 3 lines, folded on a phone so the books come first. */
function CartPreview({ cart }: { cart: { count: number; lines: { id: string; title: string; price: number; quantity: number }[] } }) {
  return (
    <details className="card cart-preview">
      <summary>
        Your cart ({cart.count} {cart.count === 1 ? "item" : "items"})
      </summary>
      <ul>
        {cart.lines.map((line) => (
          <li key={line.id}>
            <Link to={`/store/${line.id}/productdetails`}>{line.title}</Link>
            <span>
              {formatINR(line.price)}
              {line.quantity > 1 ? ` × ${line.quantity}` : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="actions-row">
        <Link to="/cart" className="btn btn-ghost btn-sm">
          View Cart
        </Link>
        <Link to="/checkout" className="btn btn-primary btn-sm">
          Checkout
        </Link>
      </p>
    </details>
  );
}
