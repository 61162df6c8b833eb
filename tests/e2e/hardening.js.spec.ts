// The production server (server.js, app/server/) against what a stranger sends. These speak HTTP
// directly; they live in the JavaScript project only because one run is enough.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { create, expect, test, unique } from "./support/fixtures";

/**
 * Declares a body of `size` bytes and sends it slowly, the way a client on a slow
 * link would, until the server answers (a server that reads first never does).
 */
function postHuge(url: string, size: number) {
  return new Promise<{ status: number; body: string; bytesSent: number }>((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(size) },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body, bytesSent }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      if (answered || bytesSent >= size) return;
      bytesSent += chunk.length;
      req.write(chunk, () => setTimeout(pump, 5));
    };
    pump();
  });
}

const FORM_ROUTES = ["/login", "/signup", "/contact", "/forgot-password", "/reset-password", "/cookie", "/logout", "/api/events"];
const STACK = /\bat \S+ \(|node_modules|\/work\/|file:\/\//;

test.describe("hostile requests", () => {
  test("the 31-byte body that took the server down gets a small answer from every form", async ({ request }) => {
    for (const route of FORM_ROUTES) {
      const res = await request.post(route, {
        data: "email=a&password=&x[99999999]=1",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
      });
      expect(res.status(), route).toBeLessThan(500);
      const body = await res.text();
      expect(body, route).not.toContain("99999999");
      expect(body.length, route).toBeLessThan(40_000);
    }
    expect((await request.get("/about")).status()).toBe(200);
  });

  test("bodies of the wrong size, type or shape are refused before they are read", async ({ request, baseURL }) => {
    const big = await postHuge(new URL("/contact", baseURL).href, 20 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(big.body.length).toBeLessThan(200);
    // The server answered without reading the 20 MB.
    expect(big.bytesSent).toBeLessThan(5 * 1024 * 1024);
    for (const [type, status] of [["application/json", 415], ["text/plain", 415], ["multipart/form-data", 415]] as const) {
      const res = await request.post("/login", { data: "email=a@b.in", headers: { "Content-Type": type } });
      expect(res.status(), type).toBe(status);
    }
  });

  test("odd methods, paths and legacy data requests are 4xx without a stack trace", async ({ request }) => {
    for (const method of ["PUT", "DELETE", "PATCH", "TRACE"]) {
      const res = await request.fetch("/login", { method });
      expect(res.status(), method).toBe(405);
      expect(res.headers()["allow"]).toBe("GET, HEAD, POST");
    }
    for (const url of ["/%E0%A4%A", "/login?_data=routes/login", "/store/%E0%A4%A/productdetails"]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(400);
      expect(await res.text()).not.toMatch(STACK);
    }
  });

  test("behind a proxy that rewrites Host, a form posted from APP_URL is served", async ({ request, baseURL }) => {
    const res = await request.post("/login", {
      form: { email: "", password: "" },
      headers: { Origin: baseURL!, Host: "app-internal:8080" },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Please fill in both email and password");
  });
});

test("the gateway's callback takes posts from the gateway's site; every other form does not", async ({ request }) => {
  const razorpay = { Origin: "https://api.razorpay.com", "Sec-Fetch-Site": "cross-site" };
  const callback = await request.post("/api/payment/callback", { form: { razorpay_order_id: "order_unknown" }, headers: razorpay });
  expect(callback.status()).toBe(400); // its own answer (no such order), not the cross-site refusal
  const contact = await request.post("/contact", { form: { name: "x" }, headers: razorpay });
  expect(contact.status()).toBe(403);
});

test.describe("headers", () => {
  test("every script carries this response's CSP nonce, and the page runs without a violation", async ({ page, student: _signedIn }) => {
    // Signed in: rendered for this visitor (a guest's copy of a public page is shared and
    // names its scripts by hash instead; tests/e2e/busy-minute.js.spec.ts).
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto("/contests");
    const csp = res!.headers()["content-security-policy"]!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res!.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Hydrated: search-as-you-type (JavaScript) works under the policy.
    await page.getByRole("searchbox").fill("zzzz-no-such-contest");
    await expect(page).toHaveURL(/q=zzzz-no-such-contest/);
    const again = await page.request.get("/contests");
    expect(again.headers()["content-security-policy"]).not.toContain(nonce);
    expect(violations).toEqual([]);
  });

  test("a guest's shared copy of /contests runs under its hashed policy: hydrated, searching as you type, no violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto("/contests");
    expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    await page.getByRole("searchbox").fill("zzzz-no-such-contest");
    await expect(page).toHaveURL(/q=zzzz-no-such-contest/);
    expect(violations).toEqual([]);
  });

  test("every POST answer, redirects and the payment API's JSON included, is private and never stored", async ({ page, student }) => {
    const answers = [
      await page.request.post("/api/payment/create-order", { data: { contestId: "00000000-0000-4000-8000-000000000000" } }),
      await page.request.post("/api/payment/verify", { data: { orderId: "order_x", paymentId: "pay_x", signature: "ab" } }),
      await page.request.post("/api/payment/test-checkout", { data: { orderId: "order_x" } }),
      await page.request.post("/api/payment/callback", { form: { razorpay_order_id: "order_x" } }),
      await page.request.post("/login", { form: { email: student.email, password: student.password }, maxRedirects: 0 }),
      await page.request.post("/contact", { form: {} }),
    ];
    expect(answers.map((r) => r.status())).toEqual([404, 404, 404, 400, 302, 400]);
    for (const res of answers) expect(res.headers()["cache-control"], res.url()).toBe("private, no-store");
  });

  test("a signed-in student's pages are private and never stored", async ({ page, account }) => {
    void account;
    const res = await page.request.get("/dashboard");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    await page.context().clearCookies();
    const guest = await page.request.get("/about");
    expect(guest.headers()["cache-control"] ?? "").not.toContain("no-store");
  });
});

test("the production server bundle holds no test fixtures or factories", async () => {
  const bundle = fs.readFileSync(path.join(process.cwd(), "build/index.js"), "utf8");
  expect(bundle).toContain("startServer");
  expect(bundle).not.toContain("e2eFixtures");
  expect(bundle).not.toContain("finishedContest");
});

/** A request to the live-count stream from `address` (the proxy's X-Forwarded-For), cut as soon as it is answered. */
function cutStream(base: string, slug: string, address: string, method: "GET" | "HEAD") {
  return new Promise<number>((resolve) => {
    const req = http.request(`${base}/blog/${slug}/events`, { method, headers: { "X-Forwarded-For": address } }, (res) => {
      resolve(res.statusCode!);
      req.destroy();
    });
    req.on("error", () => resolve(0));
    req.end();
  });
}

test("through the production server, HEAD requests and cut streams leave no place held", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const slug = `leak-${unique("Leak").split(" ")[1]!.toLowerCase()}`;
  await create("post", { slug, title: `Leak ${slug}`, category: "Study Tips" });
  // All from one address, which may hold 8 streams: a few leaked places would show.
  // Four at a time, so the previous four's closes may still be on their way.
  const address = "198.51.100.77";
  const statuses = new Set<number>();
  for (let round = 0; round < 250; round++) {
    const batch = await Promise.all([
      ...Array.from({ length: 4 }, () => cutStream(baseURL!, slug, address, "HEAD")),
      ...Array.from({ length: 4 }, () => cutStream(baseURL!, slug, address, "GET")),
    ]);
    batch.forEach((s) => statuses.add(s));
  }
  expect([...statuses]).toEqual([200]);
  const res = await fetch(`${baseURL}/blog/${slug}/events`, { headers: { "X-Forwarded-For": address } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  await res.body?.cancel();
});

/** Opens a raw socket, sends `first`, and resolves with the seconds until the server closes it. */
function heldFor(base: string, first: string) {
  const { hostname, port } = new URL(base);
  return new Promise<{ seconds: number; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = "";
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () => socket.write(first));
    socket.on("data", (d) => (answer += d));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ seconds: (Date.now() - started) / 1000, answer }));
  });
}

test("slow clients do not hold the door: headers within 10 s, the whole request within 30 s, idle keep-alive kept for the proxy", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const host = new URL(baseURL!).host;
  // Node's defaults would hold these 60 s and 300 s.
  const slowHeaders = heldFor(baseURL!, `GET / HTTP/1.1\r\nHost: ${host}\r\n`);
  const slowBody = heldFor(baseURL!, `POST /contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=slow`);
  // A keep-alive connection idle past the header timeout still serves its next request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () => new Promise<number>((resolve, reject) => http.get(`${baseURL}/about`, { agent }, (res) => (res.resume(), resolve(res.statusCode!))).on("error", reject));
  expect(await get()).toBe(200);
  const headers = await slowHeaders;
  expect(headers.seconds).toBeGreaterThanOrEqual(9);
  expect(headers.seconds).toBeLessThan(15);
  expect(await get()).toBe(200);
  const body = await slowBody;
  expect(body.seconds).toBeLessThan(35);
  expect(body.answer).not.toMatch(STACK);
  agent.destroy();
});
