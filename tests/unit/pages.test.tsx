// Server renders of screens in states the browser suite cannot reach with the demo
// data: an empty list, an error thrown inside a page.
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { ErrorBoundary as RootErrorBoundary } from "~/root";
import Home from "~/routes/_index";
import Dashboard from "~/routes/dashboard";

function render(Component: () => JSX.Element, loaderData: unknown, ErrorBoundary?: () => JSX.Element, error?: unknown) {
  const Stub = createRemixStub([{ id: "page", path: "/", Component, ErrorBoundary, loader: () => null }]);
  // The stub's client router uses useLayoutEffect, which React warns about on the
  // server; the root boundary logs the error it shows. Anything else still prints.
  const original = console.error;
  const spy = vi.spyOn(console, "error").mockImplementation((...args) => {
    const expected = args[0] === error || String(args[0]).includes("useLayoutEffect does nothing on the server");
    if (!expected) original(...args);
  });
  try {
    return renderToString(
      <Stub hydrationData={{ loaderData: { page: loaderData }, errors: error ? { page: error } : undefined }} />,
    );
  } finally {
    spy.mockRestore();
  }
}

describe("empty states", () => {
  test("home: 'No upcoming contests'", () => {
    const html = render(Home, { contests: [], serverNow: new Date().toISOString(), showGuide: false });
    expect(html).toContain("No upcoming contests");
    expect(html).not.toContain("Getting Started Guide");
  });

  test("dashboard: 'No Contest Activity Yet' with Browse Contests", () => {
    const html = render(Dashboard, {
      name: "Asha",
      upcoming: [],
      past: [],
      stats: { upcoming: 0, completed: 0, totalWon: 0, bestRank: null },
      serverNow: new Date().toISOString(),
    });
    expect(html).toContain("Welcome Back, <!-- -->Asha");
    expect(html).toContain("No Contest Activity Yet");
    expect(html).toContain('href="/contests"');
  });
});

describe("errors", () => {
  test("an unexpected error shows a plain page, never the message or stack", () => {
    const error = new Error("relation \"users\" does not exist");
    const html = render(() => <p>unreachable</p>, null, RootErrorBoundary, error);
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("does not exist");
    expect(html).not.toContain(" at ");
  });
});

test("rendering screens opens no database (unit tests never touch .data)", async () => {
  const { isConnected } = await import("~/db/client.server");
  expect(isConnected()).toBe(false);
});
