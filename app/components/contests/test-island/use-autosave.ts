import { useCallback, useEffect, useMemo, useState } from "react";
import { AnswerQueue, type SaveStatus, type SendResult } from "~/components/contests/test-island/answer-queue";
import type { OpenPaper, SavedAnswer } from "~/models/contests/paper/paper";
import { postJson, retryAfterMs } from "~/utils/post-json";

/**
 * The student's answers and palette (docs/product/design.md §4, Answers): each change of a
 * question's state is shown at once and sent to the server; states not yet saved wait
 * in local storage across a reload and are sent again when the phone comes back online
 * (while `active`).
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
        send: async (questionId, state): Promise<SendResult> => {
          const draft = state.d ? { options: state.d.o, value: state.d.v } : undefined;
          const res = await postJson(api, { intent: "answer", questionId, options: state.o, value: state.v, marked: Boolean(state.m), draft, seconds: state.t });
          if (res.ok) return "saved";
          // Too many from this student (429) or the server busy (503): both say when to come back.
          if (res.status === 429 || res.status === 503) return { waitMs: retryAfterMs(res) };
          return res.status >= 500 ? "retry" : "refused";
        },
      }),
    [api, paper.entryId],
  );
  // Saved on the server, overlaid with states still waiting from before a reload.
  const [answers, setAnswers] = useState<Record<string, SavedAnswer>>(() => ({ ...paper.answers, ...Object.fromEntries(queue.waiting()) }));

  useEffect(() => {
    if (!active) return;
    const onOnline = () => void queue.kick();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [active, queue]);

  /** Sets a question's whole state (visited, response, mark) and saves it. */
  const update = useCallback(
    (questionId: string, state: SavedAnswer) => {
      setAnswers((a) => ({ ...a, [questionId]: state }));
      queue.set(questionId, state);
    },
    [queue],
  );
  return { answers, update, saveStatus, queue };
}
