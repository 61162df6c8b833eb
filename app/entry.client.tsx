import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { nativeSubmissionInFlight } from "~/utils/late-hydration";

// A form sent before React started (a student pressed Enter while the page was waking
// up) is already on its way as a plain HTML post; hydrating now would cancel it (Remix's
// router rewrites the history entry), so this page stays as it is until the answer
// replaces it (app/utils/late-hydration.ts).
if (!nativeSubmissionInFlight()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
