// Work a request starts but does not wait for (mail delivery, the reset mail). Every
// job is tracked, so a shutdown or a test can wait for the ones under way.
import { log } from "~/services/log.server";

const inFlight = new Set<Promise<unknown>>();
const started = new Map<string, number>();

export function inBackground(name: string, work: () => Promise<unknown>) {
  started.set(name, (started.get(name) ?? 0) + 1);
  const job = Promise.resolve()
    .then(work)
    .catch((error) => log().error({ err: error, job: name }, "background job failed"))
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** How many jobs of this name were started since the process began. */
export function backgroundJobsStarted(name: string) {
  return started.get(name) ?? 0;
}

/** Waits for every job under way, including jobs those jobs start. */
export async function settleBackground() {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
