/**
 * Runs at most `max` tasks at once; the others wait in order. For work that holds a lot of memory or a
 * process (a browser, an extraction child), so that many requests at once cannot exhaust the machine.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
