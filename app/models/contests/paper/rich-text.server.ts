// Question and option text (docs/product/design.md §4, Papers are exams): plain text in
// which `$…$` is LaTeX math, rendered here on the server into MathML, which the phone's
// browser draws with no script and no font download (docs/decisions/contests-papers-are-exams.md, "Math on the
// server"). Everything else is escaped; `\$` is a dollar sign; a line break stays one.
import temml from "temml";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const MATH = /\$((?:\\.|[^$\\])+)\$/g;
const DOLLAR = "\u0000";

/** Safe HTML for a question's or an option's text. */
export function richText(text: string): string {
  const literal = text.replace(/\\\$/g, DOLLAR);
  let html = "";
  let last = 0;
  for (const match of literal.matchAll(MATH)) {
    html += plain(literal.slice(last, match.index));
    // `trust: false` keeps \href and friends out; a formula with a mistake shows as its source, marked.
    html += temml.renderToString(match[1]!.replace(new RegExp(DOLLAR, "g"), "\\$"), { throwOnError: false, trust: false });
    last = match.index + match[0].length;
  }
  return html + plain(literal.slice(last));
}

function plain(text: string) {
  return escape(text.replace(new RegExp(DOLLAR, "g"), "$")).replace(/\r?\n/g, "<br>");
}
