import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ContestCard } from "~/components/contests/catalogue/contest-card";
import { ContestTiming } from "~/components/contests/catalogue/countdown";
import { db } from "~/db/client.server";
import { activeContests } from "~/models/contests/catalogue/catalogue.server";
import { withFunding } from "~/models/contests/catalogue/kinds";
import { contestOffer } from "~/utils/env.server";
import { getUserId } from "~/models/accounts/auth.server";
import { useDebouncedSubmit } from "~/utils/use-debounced-submit";
import { SEARCH_MAX, searchText } from "~/utils/text";
import { translatedPageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("contests.meta.title", "contests.meta.description");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { messages } = i18nFor(request, context, "contests");
  const q = searchText(new URL(request.url).searchParams);
  const userId = await getUserId(request, context);
  const now = new Date();
  const contests = await activeContests(db, { userId, q, now });
  return { contests: withFunding(contests, contestOffer()), q, serverNow: now.toISOString(), messages };
}

export default function ContestsPage() {
  const { contests, q, serverNow } = useLoaderData<typeof loader>();
  const searchAsYouType = useDebouncedSubmit();
  const { t } = useT();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <h1>{t("contests.list.title")}</h1>
          <p className="muted">{t("contests.list.intro")}</p>
        </div>
      </div>
      <section className="container section">
        {/* A plain GET form: searching works without JavaScript; with it, results follow typing. */}
        <Form method="get" role="search" className="search-row">
          <label htmlFor="contest-search" className="visually-hidden">
            {t("contests.list.searchLabel")}
          </label>
          <input
            id="contest-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("contests.list.searchPlaceholder")}
            maxLength={SEARCH_MAX}
            onChange={searchAsYouType}
          />
          <button type="submit" className="btn btn-primary">
            {t("contests.list.search")}
          </button>
        </Form>
        {contests.length === 0 ? (
          <p className="card empty">{t("contests.list.empty")}</p>
        ) : (
          <div className="grid">
            {contests.map((c) => (
              <ContestCard
                key={c.id}
                contest={c}
                timing={<ContestTiming start={c.start_time} end={c.end_time} serverNow={serverNow} />}
                action={{ label: c.enrolled ? t("contests.enrolled") : t("contests.knowMore"), disabled: false }}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
