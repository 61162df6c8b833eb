/**
 * The wait before the next try after `failures` failed ones: doubling from `baseMs` up
 * to `maxMs`, then spread from half to one and a half times at random ("full jitter"
 * would also do), so that pages refused together do not come back together.
 */
export function backoffMs(failures: number, options: { baseMs: number; maxMs: number }, random = Math.random) {
  const step = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(failures, 30));
  return Math.round(step * (0.5 + random()));
}
