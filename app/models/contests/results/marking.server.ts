// The marks and penalty that apply to question `q` of section `sec` in contest `c`: the
// question's, else its section's, else the contest's (docs/admin-sql.md). Read by the
// scores (./scoring.server.ts) and by the paper students see (../paper/paper.server.ts); the
// trigger questions_fill_in (drizzle/0008_exam_papers.sql) checks the same order.
export const APPLIED_MARKS_TEXT = "COALESCE(q.marks, sec.marks, c.marks)";
export const APPLIED_PENALTY_TEXT = "COALESCE(q.penalty, sec.penalty, c.penalty)";
