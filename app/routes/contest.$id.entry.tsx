import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { notFoundBoundary } from "~/components/not-found";
import { CameraPreview, NeedsJavaScript, useCamera } from "~/components/contests/test-island/camera";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { contestRules } from "~/models/contests/catalogue/rules";
import { useT, type Msg } from "~/utils/i18n";
import { localeOf, messagesUnder, pickMessages } from "~/utils/i18n.server";
import { contestOffer, env } from "~/utils/env.server";
import { DETECTOR_FILES } from "~/models/contests/sitting/face-watch";
import { formatDateTime } from "~/utils/dates";
import { startsInMessage, TEST_PAGE_BORROWS } from "~/models/contests/sitting/test-rules";
import { useHydrated, useServerClock } from "~/utils/use-hydrated";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { data } from "@remix-run/node";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/http.server";
import { isFilmed, parentDecides } from "~/models/accounts/parents/parental-consent.server";
import { setSnapshotConsent, snapshotChoice } from "~/models/contests/review/evidence.server";

// The pre-test screen (docs/product/contests.md §2 Pre-test): the camera check before the test.
// Open to the enrolled student from enrolment until the deadline.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("test.check.metaTitle", { title: data.contest.title }), t("test.check.metaDescription")) : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

export async function loader(args: LoaderFunctionArgs) {
  const { contest, user, entry } = await requireContestStage(db, args, "entry");
  const locale = localeOf(args.request, args.context);
  const now = new Date();
  // Under 18 no camera watches the test unless the operator is an institution (issue 67, point 1): no check, no choice.
  const filmed = await isFilmed(db, user.id, now);
  // Whether a small picture is kept with each flag (issue 47, point 3): an adult's own choice, here; under 18, the parent's.
  const snapshots = filmed && contest.face_detection && entry ? await snapshotChoice(db, { entryId: entry.id, userId: user.id, now }) : null;
  return {
    contest: { id: contest.id, title: contest.title, description: contest.description, start_time: contest.start_time, faceDetection: filmed && contest.face_detection },
    filmed,
    // Under 18 the camera rule is the minors' one (issue 67, point 1).
    rules: contestRules(contest, contestOffer()).map((rule): Msg => (rule.id === "contest.rule.camera" && !filmed ? { id: "contest.rule.minors" } : rule)),
    snapshots,
    serverNow: new Date().toISOString(),
    // What is watched, kept and for how long (issue 47, point 2): the rules sheet's words.
    evidenceDays: env().PROCTORING_EVIDENCE_DAYS,
    messages: { ...messagesUnder(locale, "test.check.", "test.needs.", "test.started", "test.camera"), ...pickMessages(locale, [...TEST_PAGE_BORROWS, "contest.sheet.watched", "contest.sheet.reviewed", "contest.rule.minors"]) },
  };
}

/** The snapshot choice (an ordinary form: it works without JavaScript, like every form). */
export async function action(args: ActionFunctionArgs) {
  const { contest, user, entry } = await requireContestStage(db, args, "entry");
  const form = await readForm(args.request, ["intent", "snapshots"]);
  invariantResponse(form.get("intent") === "snapshots" && contest.face_detection && entry, "Unknown form.", { status: 400 });
  const now = new Date();
  invariantResponse(await isFilmed(db, user.id, now), "Unknown form.", { status: 400 });
  if (await parentDecides(db, user.id, now)) return data({ error: "test.check.snapshots.parentDecides" as const }, { status: 403 });
  await setSnapshotConsent(db, { entryId: entry.id, agree: form.get("snapshots") === "on", now });
  return { error: null };
}

export default function PreTest() {
  const { contest, serverNow, evidenceDays, snapshots, filmed, rules } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.error;
  const now = useServerClock(serverNow);
  const hydrated = useHydrated();
  const camera = useCamera();
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const granted = camera.status === "on";
  const started = startsInMessage(new Date(contest.start_time), now);
  const { t, tm, locale } = useT();

  const allow = async () => {
    setAsked(true);
    await camera.request();
  };

  // The face check's files, fetched after the page has painted while the student checks the
  // camera (issue 47, point 1): cached for good, they are there when the test starts.
  useEffect(() => {
    if (!contest.faceDetection) return;
    for (const url of DETECTOR_FILES) void fetch(url, { priority: "low" } as RequestInit).catch(() => {});
  }, [contest.faceDetection]);

  return (
    <section className="container narrow section">
      <h1 translate="no">{contest.title}</h1>
      <p className="muted" translate="no">
        {contest.description}
      </p>
      <div className="card">
        <p className="muted">{started.id === "test.started" ? t("test.check.open") : t("test.check.startsIn")}</p>
        <p className="starts-in" role="timer" aria-live="off">
          {tm(started)}
        </p>
        <p className="muted">{t("test.check.startTime", { when: formatDateTime(contest.start_time, locale) })}</p>
      </div>

      {filmed ? null : (
        <div className="card" style={{ marginTop: "1rem" }}>
          <h2>{t("test.check.minor.title")}</h2>
          <p>{t("test.check.minor.text")}</p>
          <NeedsJavaScript />
          <p className="alert alert-success">{t("test.check.minor.ready")}</p>
          <Link to={`/contest/${contest.id}/test`} className="btn btn-primary btn-block">
            {t("test.check.submit")}
          </Link>
        </div>
      )}

      {filmed ? <div className="card camera-check" style={{ marginTop: "1rem" }}>
        <h2>{t("test.check.title")}</h2>
        <NeedsJavaScript />
        <CameraPreview stream={camera.stream} />
        {camera.status === "denied" ? (
          <p className="alert alert-error" role="alert">
            {t("test.check.required")}
          </p>
        ) : null}
        {granted ? <p className="alert alert-success">{t("test.check.works")}</p> : null}
        {hydrated && !granted ? (
          <button type="button" className="btn btn-ghost" onClick={allow}>
            {t("test.check.allow")}
          </button>
        ) : null}
        <button type="button" className="btn btn-primary btn-block" disabled={!granted} onClick={() => navigate(`/contest/${contest.id}/test`)}>
          {t("test.check.submit")}
        </button>
      </div> : null}

      <div className="card" style={{ marginTop: "1rem" }}>
        <h2>{t("test.check.rules")}</h2>
        <ul>
          {rules.map((rule) => (
            <li key={rule.id}>{tm(rule)}</li>
          ))}
        </ul>
        <p>{t(filmed ? "contest.sheet.watched" : "test.check.minor.sheet", { days: evidenceDays })}</p>
        {snapshots ? <SnapshotChoice choice={snapshots} days={evidenceDays} refused={refused ?? null} /> : null}
        <p>{t("contest.sheet.reviewed")}</p>
      </div>

      {filmed && hydrated && !asked ? (
        <div className="test-modal-backdrop">
          <div className="dialog test-modal" role="dialog" aria-modal="true" aria-labelledby="camera-title">
            <h2 id="camera-title">{t("test.check.permission")}</h2>
            <p>{t("test.check.permissionText")}</p>
            <div className="actions">
              <button type="button" className="btn btn-primary" onClick={allow}>
                {t("test.check.allow")}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function SnapshotChoice({ choice, days, refused }: { choice: { parentDecides: boolean; agreed: boolean }; days: number; refused: "test.check.snapshots.parentDecides" | null }) {
  const { t } = useT();
  return (
    <section aria-labelledby="snapshots-title">
      <h3 id="snapshots-title">{t("test.check.snapshots.title")}</h3>
      {choice.parentDecides ? (
        <p>{t(choice.agreed ? "test.check.snapshots.parentYes" : "test.check.snapshots.parentNo")}</p>
      ) : (
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="snapshots" />
          <p className="muted">{t(choice.agreed ? "test.check.snapshots.on" : "test.check.snapshots.off")}</p>
          <div className="field">
            <label className="check">
              <input type="checkbox" name="snapshots" value="on" defaultChecked={choice.agreed} key={String(choice.agreed)} />
              <span>{t("test.check.snapshots.ask")}</span>
            </label>
          </div>
          <p className="muted">{t("test.check.snapshots.help", { days })}</p>
          <button type="submit" className="btn btn-ghost">
            {t("test.check.snapshots.save")}
          </button>
        </Form>
      )}
      {refused ? (
        <p className="alert alert-error" role="alert">
          {t(refused)}
        </p>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.contest", action: { label: "common.error.home", to: "/" } });
