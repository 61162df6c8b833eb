import { useNavigate } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import type { AnswerQueue } from "~/components/contests/test-island/answer-queue";
import type { SubmitError, SubmitReason } from "~/models/contests/sitting/test-rules";
import { postJsonPatiently } from "~/utils/post-json";

/**
 * The one submission (docs/product/contests.md §2 Test): waiting answers are flushed first (8 s at
 * most), the server is told once, the camera and fullscreen are released, and the
 * completion page says what happened, with what went wrong when an answer or the
 * submission itself did not get through.
 */
export function useSubmission(input: { api: string; contestId: string; queue: AnswerQueue; release: () => Promise<void>; doneAt?: string }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const once = useRef(false);
  const { api, contestId, queue, release, doneAt } = input;

  const submit = useCallback(
    async (reason: SubmitReason) => {
      if (once.current) return;
      once.current = true;
      setSubmitting(true);
      let error: SubmitError | null = null;
      if (!(await queue.flush(8000))) error = "network";
      else if (queue.refusedAny) error = "refused";
      try {
        const res = await postJsonPatiently(api, { intent: "submit", reason, withErrors: error !== null });
        if (!res.ok) error ??= "submit";
      } catch {
        error ??= "submit";
      }
      await release();
      // The error code is the address's errors flag (readCompletion).
      const params = new URLSearchParams({ reason });
      if (error) params.set("error", error);
      // A practice attempt's result page says what it needs itself (issue 48, point 6).
      navigate(doneAt ?? `/contest/${contestId}/complete?${params}`, { replace: true });
    },
    [api, contestId, navigate, queue, release, doneAt],
  );
  return { submit, submitting };
}
