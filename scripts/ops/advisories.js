// The review of docs/advisories.json (docs/decisions/platform-remix-2-end-of-life.md): npm audit's
// endpoint is out of reach from these machines, so the advisories we know of are kept by hand,
// and this says when the list no longer matches what is installed or is due to be looked at again.

/**
 * What needs a person's eyes: a watched package at a version the list was not reviewed for,
 * an advisory still open, or a list past its review-by date. `installed(name)` is the version
 * installed (null when the package is missing); `today` is a YYYY-MM-DD date.
 */
export function advisoryProblems(list, installed, today) {
  const problems = [];
  for (const [name, version] of Object.entries(list.watched)) {
    const found = installed(name);
    if (found !== version) problems.push(`${name} is ${found ?? "not installed"}, the list was reviewed for ${version}: re-read its advisories for ${found ?? "its removal"}, then update docs/advisories.json.`);
  }
  if (today > list.reviewBy) problems.push(`docs/advisories.json was due for review on ${list.reviewBy}: read the sources in docs/decisions/platform-remix-2-end-of-life.md, update each entry, then set "reviewed" to today and "reviewBy" a month on.`);
  return problems;
}

/** The advisories not settled yet (fixed upstream, patched or pinned unreachable are settled). */
export function openAdvisories(list) {
  return list.advisories.filter((a) => a.stance.startsWith("open"));
}
