// What the test island receives from GET /api/contest/{id}/test (docs/product/design.md §4): the
// questions with their options only (never a correct answer), the student's saved
// choices as option indexes, and the server's clock. Declared once, for the route that
// builds it and the island that reads it.

export type PaperQuestion = { id: string; text: string; options: string[] };

type PaperBase = {
  contest: { id: string; title: string; description: string; durationMinutes: number };
  entryId: string;
  /** The server's now when the paper was served: the island's clock runs from it. */
  serverNow: string;
  startsAt: string;
  deadline: string;
};

/** Before the start: a waiting room, no questions yet. */
export type WaitingPaper = PaperBase & { state: "waiting" };
/** From the start: the questions and the saved answers (question id → option index). */
export type OpenPaper = PaperBase & { state: "open"; questions: PaperQuestion[]; answers: Record<string, number> };
export type Paper = WaitingPaper | OpenPaper;

export const testApi = (contestId: string) => `/api/contest/${contestId}/test`;
