/**
 * @module _internal/test-helpers/cpu-time
 * CPU time for growth tests (linear-time checks compare the ratio of two sizes, never an
 * absolute time): wall time on a shared machine is noisy, CPU time much less so.
 */

/** CPU milliseconds of `f`, best of `runs` (default 3). */
export function cpuMs(f: () => void, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/** CPU milliseconds of the async `f` (work without I/O, such as `compactHistory`), best of `runs`. */
export async function cpuMsAsync(f: () => Promise<unknown>, runs = 3): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    await f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}
