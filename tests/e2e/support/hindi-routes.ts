// Issue 33: every page route, and the Hindi scan that reads it (latinWords in the named
// test fails on any English left). tests/unit/hindi-coverage.test.ts checks that every
// route with a page is here, that its test exists and that the test visits the path shown.
// A new page joins the table with its scan, or that unit test fails.
const PAGES = "every translated page has no English left, in its title, text and labels @same-without-js";
const CHECKOUT = "checkout in Hindi: the shipping form's refusals, the payment step and the confirmation";
const ENROLLING = "enrolling and paying in Hindi: the contest page's form makes the account, the test gateway, the confirmation";
const BLOG = "a comment in Hindi: the blog's pages, an empty comment refused in Hindi, then posted";
const RESULTS = "results in Hindi: the summary with the prize statement, the breakdown, the leaderboard";
const STORE = "the marketplace in Hindi: a book's page with its seller and reviews, the wishlist";
const SELLING = "selling in Hindi: My Products with a sale and earnings, and a listing's other pages";
const PRODUCT_FORM = "the product form refused in Hindi";
const CHALLENGE = "an answer-key challenge in Hindi: the form refused, its fee's page, the gateway, then sent";
const CERTIFICATE = "a certificate in Hindi: the results' link, the certificate, the check form refused";
const CONSENT = "a parent's consent in Hindi: the sign-up that waits, the link's page refused, verified through the stand-in, then consented";
const REVIEW = "a review in Hindi: the reviewer's screen, a disqualification refused then made, the appeal page";
const YOUR_DATA = "your data in Hindi: the page, and a wrong password refused";
const DECLINE = "a declined prize in Hindi: Your data's waiting prize, the decline page refused without the tick, then declined";
const PRACTICE = "practice in Hindi: the practice page, a practice result, My revision and the practice screen";
const RETURN = "a return in Hindi: the order's return case, the photo page refused then sent, the seller's dispute";
const OUTAGE = "our outage in Hindi: the results' note, the page to choose, the choice recorded";
const AGREE = "changed terms in Hindi: the agree page refused without the tick, then agreed";
const TEST = "the test in Hindi, from the camera check to the completion page, has no English left";

// Pages anyone can open, scanned in languages.spec.ts; languages.js.spec.ts shows that
// scripts change no word of them.
export const HINDI_PAGES = ["/", "/contests", "/contests?q=zzzz-none", "/store", "/store?q=zzzz-none", "/about", "/faq", "/contact", "/complaints", "/complaints?ticket=SA-0000000000", "/terms", "/privacy", "/refund", "/cookie", "/login", "/signup", "/forgot-password", "/reset-password?token=not-a-token", "/blog", "/no-such-page"];

type Scan = { spec: "languages.spec.ts" | "languages-accounts.spec.ts" | "languages.js.spec.ts"; test: string; path: string };
const scan = (test: string, path: string, spec: Scan["spec"] = "languages.spec.ts"): Scan => ({ spec, test, path });

export const HINDI_ROUTES: Record<string, Scan> = {
  "$.tsx": scan(PAGES, '"/no-such-page"'),
  "_index.tsx": scan(PAGES, '"/"'),
  "about.tsx": scan(PAGES, '"/about"'),
  "faq.tsx": scan(PAGES, '"/faq"'),
  "contact.tsx": scan(PAGES, '"/contact"'),
  "complaints.tsx": scan(PAGES, '"/complaints?ticket=SA-0000000000"'),
  "terms.tsx": scan(PAGES, '"/terms"'),
  "privacy.tsx": scan(PAGES, '"/privacy"'),
  "refund.tsx": scan(PAGES, '"/refund"'),
  "cookie.tsx": scan(PAGES, '"/cookie"'),
  "contests._index.tsx": scan(PAGES, '"/contests"'),
  "login.tsx": scan(PAGES, '"/login"'),
  "signup.tsx": scan(PAGES, '"/signup"'),
  "forgot-password.tsx": scan(PAGES, '"/forgot-password"'),
  "reset-password.tsx": scan(PAGES, '"/reset-password?token=not-a-token"'),
  "blog._index.tsx": scan(PAGES, '"/blog"'),
  "store._index.tsx": scan(PAGES, '"/store"'),
  "cart.tsx": scan(CHECKOUT, '"/cart"'),
  "checkout.tsx": scan(CHECKOUT, '"/checkout?step=payment"'),
  "account.tsx": scan(CHECKOUT, '"/account"'),
  "wishlist.tsx": scan(CHECKOUT, '"/wishlist"'),
  "logout.tsx": scan(CHECKOUT, '"/logout"'),
  "orders._index.tsx": scan(CHECKOUT, 'page.goto("/orders")'),
  "orders.$id.confirmation.tsx": scan(CHECKOUT, '"order page"'),
  "orders.$id.items.$itemId.photo.tsx": scan(RETURN, "`/orders/${orderId}/items/${itemId}/photo`"),
  "contest.$id._index.tsx": scan(ENROLLING, "page.goto(`/contest/${contest.id}`)"),
  "contest.$id.pay.tsx": scan(ENROLLING, '"pay page"'),
  "contest.$id.rules.tsx": scan(ENROLLING, '"rules sheet"'),
  "payments.test-gateway.tsx": scan(ENROLLING, '"test gateway"'),
  "contest.$id.confirmation.tsx": scan(ENROLLING, '"confirmation"'),
  "blog.$slug.tsx": scan(BLOG, "page.goto(`/blog/${slug}`)"),
  "dashboard.tsx": scan("the dashboard in Hindi: an upcoming entry with its countdown and own deadline", 'page.goto("/dashboard")', "languages-accounts.spec.ts"),
  "contest.$id.results.tsx": scan(RESULTS, "page.goto(`/contest/${contest.id}/results`)"),
  "certificates.$code.tsx": scan(CERTIFICATE, '"certificate"'),
  "account_.data.tsx": scan(YOUR_DATA, '"/account/data"', "languages-accounts.spec.ts"),
  "account_.agree.tsx": scan(AGREE, '"agree page"', "languages-accounts.spec.ts"),
  "account_.tax-statement.tsx": scan(RESULTS, '"/account/tax-statement"'),
  "account_.prizes.$id.decline.tsx": scan(DECLINE, '"decline page"', "languages-accounts.spec.ts"),
  "consent.$token.tsx": scan(CONSENT, '"consent page"', "languages-accounts.spec.ts"),
  "confirm.$token.tsx": scan(CONSENT, '"confirm page"', "languages-accounts.spec.ts"),
  "digilocker.stand-in.tsx": scan(CONSENT, '"stand-in page"', "languages-accounts.spec.ts"),
  "consent.digilocker.tsx": scan(CONSENT, '"callback refused"', "languages-accounts.spec.ts"),
  "contest.$id.review.tsx": scan(REVIEW, '"review screen"'),
  "contest.$id.appeal.tsx": scan(REVIEW, '"appeal page"'),
  "contest.$id.outage.tsx": scan(OUTAGE, '"outage page"'),
  "certificates._index.tsx": scan(CERTIFICATE, '"/certificates?code=12345"'),
  "contest.$id.challenges.$challengeId.pay.tsx": scan(CHALLENGE, '"fee page"'),
  "store.$id.productdetails.tsx": scan(STORE, "page.goto(`/store/${id}/productdetails`)"),
  "store.my-products.tsx": scan(SELLING, '"/store/my-products?view=earnings"'),
  "store.new.tsx": scan(PRODUCT_FORM, 'page.goto("/store/new")'),
  "store.$id.edit.tsx": scan(SELLING, "`/store/${id}/edit`"),
  "store.$id.image.tsx": scan(SELLING, "`/store/${id}/image`"),
  "store.$id.delete.tsx": scan(SELLING, "`/store/${id}/delete`"),
  "contest.$id.practice._index.tsx": scan(PRACTICE, '"practice page"'),
  "contest.$id.practice.$attemptId.tsx": scan(PRACTICE, '"practice result"'),
  "contest.$id.practice.test.tsx": scan(PRACTICE, '"practice screen"'),
  "revision.tsx": scan(PRACTICE, 'page.goto("/revision")'),
  "contest.$id.entry.tsx": scan(TEST, "page.goto(`/contest/${later.id}/entry`)", "languages.js.spec.ts"),
  "contest.$id.test.tsx": scan(TEST, "page.goto(`/contest/${live.id}/test`)", "languages.js.spec.ts"),
  "contest.$id.complete.tsx": scan(TEST, '"completion"', "languages.js.spec.ts"),
};
