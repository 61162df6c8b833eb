// Every page has a title and a description (a route's `meta` replaces the root's in
// Remix 2, so each route names both; search engines and link previews read them).
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} — StudyArena` }, { name: "description", content: description }];
}
