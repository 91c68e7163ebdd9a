import { z } from 'zod';
import { ERROR_KEYS, ERROR_STATUS, type KnownErrorKey } from '../errors.ts';

/** Every failure leaves the API in this shape. */
export const errorBody = (keys: readonly string[] = ERROR_KEYS) =>
  z.object({
    error: keys.length ? z.enum(keys as [string, ...string[]]) : z.string(),
    message: z.string(),
    details: z.unknown().optional().describe('ValidationFailed: the fields, as [{ path, code, message }]; other keys: their context'),
  });

/**
 * Error responses of a route, grouped by status: `errorResponses('LanguageNotAvailable', 'LanguageAlreadyAdded')`
 * gives { 400: …, 409: … } for a route schema's `response`. Keys of one status share one entry.
 */
export function errorResponses(...keys: KnownErrorKey[]): Record<number, ReturnType<typeof errorBody>> {
  const byStatus = new Map<number, string[]>();
  for (const key of keys) byStatus.set(ERROR_STATUS[key], [...(byStatus.get(ERROR_STATUS[key]) ?? []), key]);
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, errorBody(list)]));
}

/**
 * A record whose fields the document names only in prose so far (id plus the described fields); answers may
 * hold more than it names, never less.
 */
export const apiRecord = (description: string) => described<{ id: string; [field: string]: unknown }>(z.looseObject({ id: z.string() }), description);
/** An object answer described in prose (statistics, counts, import summaries). */
export const apiObject = (description: string) => described<object>(z.looseObject({}), description);
/** A loose schema typed as its named fields only, so the typed rows and interfaces of the server fit it. */
export const described = <T>(schema: z.ZodType, description: string) => schema.describe(description) as unknown as z.ZodType<T>;

/** Error responses of both sets; where both name a status, its entry lists the keys of both. */
export function mergeErrorResponses(a: Record<number, ReturnType<typeof errorBody>>, b: Record<string, unknown>): Record<string, unknown> {
  const keysOf = (schema: unknown) => ((schema as ReturnType<typeof errorBody>).shape?.error as z.ZodEnum | undefined)?.options ?? [];
  const merged: Record<string, unknown> = { ...a, ...b };
  for (const status of Object.keys(a))
    if (status in b) merged[status] = errorBody([...new Set([...keysOf(a[Number(status)]), ...keysOf(b[status])].map(String))]);
  return merged;
}
