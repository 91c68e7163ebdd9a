/** Milliseconds each step of a start took, by name: main.ts logs them with "ready", so a slow start says why. */
export type StartTimings = Record<string, number>;

/** Awaits `step`, recording how long it took under `name` (steps that run side by side each get their own time). */
export async function timed<T>(timings: StartTimings, name: string, step: Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await step;
  } finally {
    timings[name] = Math.round(performance.now() - t0);
  }
}
