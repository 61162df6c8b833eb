import { useEffect, useMemo, useState } from "react";
import { AnswerQueue, type SaveStatus, type SendResult } from "~/components/contests/test-island/answer-queue";
import type { OpenPaper } from "~/models/contests/paper";
import { postJson, retryAfterMs } from "~/utils/post-json";

/**
 * The student's choices (docs/product/design.md §4, Answers): each is shown at once and sent to the
 * server; choices not yet saved wait in local storage across a reload and are sent again
 * when the phone comes back online (while `active`).
 */
export function useAutosave(paper: OpenPaper, api: string, active: boolean) {
  // Answers saved before a reload are on the server already; a fresh paper has none.
  const [saveStatus, setSaveStatus] = useState<SaveStatus>(Object.keys(paper.answers).length > 0 ? "saved" : "idle");
  const queue = useMemo(
    () =>
      new AnswerQueue({
        key: `studyarena:answers:${paper.entryId}`,
        storage: typeof localStorage === "undefined" ? null : localStorage,
        onStatus: setSaveStatus,
        send: async (questionId, choice): Promise<SendResult> => {
          const res = await postJson(api, { intent: "answer", questionId, choice });
          if (res.ok) return "saved";
          // Too many from this student (429) or the server busy (503): both say when to come back.
          if (res.status === 429 || res.status === 503) return { waitMs: retryAfterMs(res) };
          return res.status >= 500 ? "retry" : "refused";
        },
      }),
    [api, paper.entryId],
  );
  // Saved on the server, overlaid with choices still waiting from before a reload.
  const [answers, setAnswers] = useState<Record<string, number>>(() => ({ ...paper.answers, ...Object.fromEntries(queue.waiting()) }));

  useEffect(() => {
    if (!active) return;
    const onOnline = () => void queue.kick();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [active, queue]);

  const choose = (questionId: string, choice: number) => {
    setAnswers((a) => ({ ...a, [questionId]: choice }));
    queue.set(questionId, choice);
  };
  return { answers, choose, saveStatus, queue };
}
