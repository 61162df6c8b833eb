import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ProductCard } from "~/components/store/listings/product-card";
import { db } from "~/db/client.server";
import { storePage } from "./store._index.query.server";
import { getUserId } from "~/models/accounts/auth.server";
import { formatINR } from "~/utils/money";
import { PRODUCT_CONDITIONS } from "~/utils/enums";
import { conditionKey } from "~/components/store/listings/product-card";
import { pageWindow, parseStoreQuery, PRICE_MAX, PRICE_STEP, SORTS } from "~/models/store/search/query";
import { useDebouncedSubmit } from "~/utils/use-debounced-submit";
import { translatedPageMeta } from "~/utils/meta";
import { useT, type MessageId } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { SEARCH_MAX } from "~/utils/text";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("store.metaTitle", "store.metaDescription");

const SORT_LABELS: Record<(typeof SORTS)[number], MessageId> = {
  relevance: "store.sort.relevance",
  newest: "store.sort.newest",
  oldest: "store.sort.oldest",
  "price-low": "store.sort.priceLow",
  "price-high": "store.sort.priceHigh",
  rating: "store.sort.rating",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseStoreQuery(new URL(request.url).searchParams);
  const userId = await getUserId(request, context);
  return { ...(await storePage(db, { query, userId })), query, messages: i18nFor(request, context, "store").messages };
}

export default function Store() {
  const { products, total, pages, categories, query, cart } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // docs/product/marketplace.md §2: search is debounced by 500 ms.
  const searchAsYouType = useDebouncedSubmit();
  const { t } = useT();
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
          <h1>{t("store.title")}</h1>
          <p className="muted">{t("store.intro")}</p>
        </div>
      </div>
      <section className="container section">
        <nav aria-label={t("store.categories")} className="chips">
          <Link to={withParams({ category: null, page: null })} aria-current={query.category ? undefined : "page"}>
            {t("store.all")}
          </Link>
          {categories.map((c) => (
            <Link key={c.id} to={withParams({ category: String(c.id), page: null })} aria-current={query.category === c.id ? "page" : undefined} translate="no">
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
              {t("store.search")}
            </label>
            <input
              id="store-q"
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder={t("store.searchPlaceholder")}
              maxLength={SEARCH_MAX}
              onChange={searchAsYouType}
            />
            <button type="submit" className="btn btn-primary">
              {t("store.search")}
            </button>
          </div>
          <details className="filters-more" open={query.minPrice > 0 || query.maxPrice < PRICE_MAX || Boolean(query.condition) || query.sort !== "relevance" ? true : undefined}>
            <summary>{t("store.filters")}</summary>
            <div className="filters">
              <div className="field">
                <label htmlFor="store-min">{t("store.minPrice")}</label>
                <input id="store-min" type="number" name="min" min={0} max={PRICE_MAX} step={PRICE_STEP} defaultValue={query.minPrice || ""} inputMode="numeric" />
              </div>
              <div className="field">
                <label htmlFor="store-max">{t("store.maxPrice")}</label>
                <input id="store-max" type="number" name="max" min={0} max={PRICE_MAX} step={PRICE_STEP} defaultValue={query.maxPrice < PRICE_MAX ? query.maxPrice : ""} inputMode="numeric" />
              </div>
              <div className="field">
                <label htmlFor="store-condition">{t("store.condition")}</label>
                <select id="store-condition" name="condition" defaultValue={query.condition ?? ""}>
                  <option value="">{t("store.any")}</option>
                  {PRODUCT_CONDITIONS.map((c) => (
                    <option key={c} value={c}>
                      {t("store.state", { condition: conditionKey(c) })}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="store-sort">{t("store.sort")}</label>
                <select id="store-sort" name="sort" defaultValue={query.sort}>
                  {SORTS.map((s) => (
                    <option key={s} value={s}>
                      {t(SORT_LABELS[s])}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-primary">
                {t("store.apply")}
              </button>
            </div>
          </details>
        </Form>
        {cart && cart.count > 0 ? <CartPreview cart={cart} /> : null}
        <p className="muted" role="status">
          {t("store.items", { count: total })}
        </p>
        {products.length === 0 ? (
          <p className="card empty">{t("store.noProducts")}</p>
        ) : (
          <div className="store-grid">
            {products.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 4} />
            ))}
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t("store.pages")} className="pager">
            {query.page > 1 ? <Link to={withParams({ page: String(query.page - 1) })}>{t("store.previous")}</Link> : null}
            {pageWindow(query.page, pages).map((p, i) =>
              p === "gap" ? (
                <span key={`gap-${i}`} aria-hidden="true">…</span>
              ) : (
                <Link key={p} to={withParams({ page: String(p) })} aria-current={p === query.page ? "page" : undefined} aria-label={t("store.page", { n: p })}>
                  {p}
                </Link>
              ),
            )}
            {query.page < pages ? <Link to={withParams({ page: String(query.page + 1) })}>{t("store.next")}</Link> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}

/** The store's cart preview (docs/product/marketplace.md §2): the newest 3 lines, folded on a phone so the books come first. */
function CartPreview({ cart }: { cart: { count: number; lines: { id: string; title: string; price: number; quantity: number }[] } }) {
  const { t } = useT();
  return (
    <details className="card cart-preview">
      <summary>{t("store.cart", { count: cart.count })}</summary>
      <ul>
        {cart.lines.map((line) => (
          <li key={line.id}>
            <Link to={`/store/${line.id}/productdetails`} translate="no">
              {line.title}
            </Link>
            <span>
              {formatINR(line.price)}
              {line.quantity > 1 ? ` × ${line.quantity}` : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="actions-row">
        <Link to="/cart" className="btn btn-ghost btn-sm">
          {t("store.viewCart")}
        </Link>
        <Link to="/checkout" className="btn btn-primary btn-sm">
          {t("store.checkout")}
        </Link>
      </p>
    </details>
  );
}
