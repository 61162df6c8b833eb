// The time on the question on screen (issue 48, point 5), as the test island counts it: whole
// seconds, the remainder carried to the next count, and nothing while a dialog covers the
// question (a proctoring warning, the instructions, the submit summary), since the student is
// not working on it then. Times are the page's own clock (performance.now()); the server
// bounds what it stores by the test's length (answer-batch.server.ts).
export class QuestionClock {
  /** When counting last (re)started; null while paused or stopped. */
  private since: number | null = null;
  /** Milliseconds counted but not yet taken as whole seconds. */
  private banked = 0;

  /** A question is shown (or the test starts or stops): counting starts afresh, or stays off. */
  restart(now: number, running: boolean) {
    this.banked = 0;
    this.since = running ? now : null;
  }

  /** A dialog covers the question: what was counted so far is kept. */
  pause(now: number) {
    if (this.since === null) return;
    this.banked += now - this.since;
    this.since = null;
  }

  /** The dialog is gone; only if the question was being counted before it. */
  resume(now: number, running: boolean) {
    if (running && this.since === null) this.since = now;
  }

  /** The whole seconds counted since the last take; the rest of a second waits for the next. */
  take(now: number) {
    const counted = this.banked + (this.since === null ? 0 : now - this.since);
    const seconds = Math.max(0, Math.floor(counted / 1000));
    this.banked = counted - seconds * 1000;
    if (this.since !== null) this.since = now;
    return seconds;
  }
}
