import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A package loaded when it is first used instead of when the server starts. The HTML, sitemap, robots.txt,
 * spreadsheet and CSV libraries serve a training run or an import, never the start, yet loading them cost
 * about half a second of the start's CPU (README, "Where a start's time went"). Returns a function that
 * gives the package (its CommonJS build, which each of these ships), loading it on the first call.
 */
export function requireOnFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(specifier) as T);
}
