import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContestCard } from "~/components/contests/catalogue/contest-card";
import { HomeCountdown } from "~/components/contests/catalogue/countdown";
import { GettingStartedGuide, HallOfChampions, MarketplacePromo, WhyCompete } from "~/components/home-sections";
import { db } from "~/db/client.server";
import { recentChampions, upcomingContests } from "~/models/contests/catalogue/catalogue.server";
import { offerWords, withFunding } from "~/models/contests/catalogue/kinds";
import { contestOffer } from "~/utils/env.server";
import { getUserId } from "~/models/accounts/auth.server";
import { guideSeenCookie } from "~/utils/consent.server";
import { homeCardButton } from "~/models/contests/catalogue/enrolment";
import type { RequestPolicy } from "~/server/policy";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { metaTranslator } from "~/utils/meta";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t("common.meta.title") }, { name: "description", content: t("common.meta.description") }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { messages } = i18nFor(request, context, "home", "contests");
  const now = new Date();
  const userId = await getUserId(request, context);
  const [contests, champions, guideSeen] = await Promise.all([
    upcomingContests(db, { userId, now }),
    recentChampions(db, now),
    guideSeenCookie().parse(request.headers.get("Cookie")),
  ]);
  return data(
    { contests: withFunding(contests, contestOffer()), words: offerWords(contestOffer()), champions, serverNow: now.toISOString(), showGuide: !guideSeen, signedIn: Boolean(userId), messages },
    // The first visit is remembered by a cookie, so the guide stays away without JavaScript too.
    { headers: guideSeen ? undefined : { "Set-Cookie": await guideSeenCookie().serialize("1") } },
  );
}

export default function Home() {
  const { contests, words, champions, serverNow, showGuide, signedIn } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{t("home.hero.title")}</h1>
          <p>{t(words.hero)}</p>
          <div className="actions">
            <Link to="/contests" className="btn btn-light">
              {t("home.hero.explore")}
            </Link>
            <Link to="/store" className="btn btn-ghost" style={{ color: "#fff" }}>
              {t("home.hero.marketplace")}
            </Link>
          </div>
        </div>
      </section>

      {/* Inline under the hero, so on a phone it never covers the hero or its buttons. */}
      {showGuide ? <GettingStartedGuide signedIn={signedIn} words={words} /> : null}

      <HallOfChampions champions={champions} />

      <section className="section container" aria-labelledby="upcoming-title">
        <div className="section-title">
          <h2 id="upcoming-title">{t("home.upcoming")}</h2>
          <Link to="/contests">{t("home.seeAll")}</Link>
        </div>
        {contests.length === 0 ? (
          <p className="card empty">{t("home.noUpcoming")}</p>
        ) : (
          <div className="grid">
            {contests.map((c) => {
              const button = homeCardButton({ isActive: c.is_active, enrolled: c.enrolled });
              return (
                <ContestCard
                  key={c.id}
                  contest={c}
                  timing={<HomeCountdown start={c.start_time} serverNow={serverNow} />}
                  action={{ label: t(button.label), disabled: button.disabled, note: c.enrolled ? t("contests.alreadyJoined") : undefined }}
                />
              );
            })}
          </div>
        )}
      </section>

      <WhyCompete words={words} />
      <MarketplacePromo />
    </>
  );
}
