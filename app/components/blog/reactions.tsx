// The reader's like, bookmark and share controls with live counts. Like and bookmark
// are form posts (they work without JavaScript; with it they post in place); counts
// follow the server's event stream while the page is open. Its words are the blog namespace's.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from "~/components/icons";
import { backoffMs } from "~/utils/backoff";
import { useT } from "~/utils/i18n";
import { useHydrated } from "~/utils/use-hydrated";

type Counts = { likes: number; comments: number; at: string };

/** After a refused stream: 5 s, 10 s, 20 s … up to 5 minutes, each spread at random. */
const reopenDelayMs = (failures: number) => backoffMs(failures, { baseMs: 5000, maxMs: 300_000 });

/** The newest of the page's own counts and those the stream sent (compared by the server's time). */
export function useLiveCounts(slug: string, fromPage: Counts) {
  const [live, setLive] = useState<Counts | null>(null);
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const open = () => {
      source = new EventSource(`/blog/${slug}/events`);
      source.addEventListener("open", () => (failures = 0));
      source.addEventListener("counts", (event) => setLive(JSON.parse((event as MessageEvent<string>).data) as Counts));
      source.addEventListener("error", () => {
        // A dropped connection is retried by the browser; a refusal (503) closes the
        // source for good, so the page tries again itself, later each time.
        if (source?.readyState !== EventSource.CLOSED) return;
        timer = setTimeout(open, reopenDelayMs(failures++));
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [slug]);
  return live && live.at > fromPage.at ? live : fromPage;
}

function ReactionButton({ intent, on, label, children }: { intent: "like" | "bookmark"; on: boolean; label: string; children: React.ReactNode }) {
  const fetcher = useFetcher();
  // Shown as pressed at once; the server's answer follows.
  const pending = fetcher.formData?.get("intent") === intent;
  const pressed = pending ? fetcher.formData?.get("on") === "1" : on;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="on" value={pressed ? "0" : "1"} />
      <button type="submit" className={`btn btn-ghost btn-sm reaction${pressed ? " is-on" : ""}`} aria-pressed={pressed}>
        {children}
        {label}
      </button>
    </fetcher.Form>
  );
}

export function Reactions({ slug, title, url, liked, bookmarked, counts }: { slug: string; title: string; url: string; liked: boolean; bookmarked: boolean; counts: Counts }) {
  const live = useLiveCounts(slug, counts);
  const { t } = useT();
  return (
    <div className="reactions" id="reactions">
      <ReactionButton intent="like" on={liked} label={liked ? t("blog.liked") : t("blog.like")}>
        <HeartIcon filled={liked} />
      </ReactionButton>
      <span className="count" aria-live="polite">
        <HeartIcon /> {t("blog.likes", { count: live.likes })}
      </span>
      <a href="#comments" className="count">
        <CommentIcon /> {t("blog.comments", { count: live.comments })}
      </a>
      <ReactionButton intent="bookmark" on={bookmarked} label={bookmarked ? t("blog.bookmarkedButton") : t("blog.bookmark")}>
        <BookmarkIcon filled={bookmarked} />
      </ReactionButton>
      <Share url={url} title={title} />
    </div>
  );
}

/** Share: the Web Share sheet where the phone has one, else copy the link (confirmed for 2 s); without JavaScript, the post's link. */
function Share({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const { t } = useT();
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  if (!hydrated) {
    return (
      <a href={url} className="btn btn-ghost btn-sm reaction">
        <ShareIcon />
        {t("blog.shareLink")}
      </a>
    );
  }
  const share = async () => {
    if (typeof navigator.share === "function") {
      await navigator.share({ title, url }).catch(() => {});
      return;
    }
    await navigator.clipboard?.writeText(url).then(() => setCopied(true), () => {});
  };
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm reaction" onClick={share}>
        <ShareIcon />
        {t("blog.share")}
      </button>
      <span role="status" className="copied">
        {copied ? t("blog.copied") : ""}
      </span>
    </>
  );
}
