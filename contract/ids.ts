import { z } from 'zod';

/**
 * A record id as PostgreSQL's uuid type reads it without error: 8-4-4-4-12 hex digits, any version or
 * variant (a stricter RFC check would turn away ids PostgreSQL accepts). Ids from paths, queries and bodies
 * are checked against it before they reach SQL, where a malformed one fails the query (a 500) instead of
 * finding nothing; `$` without the m flag ends the string, so no newline, NUL or other junk passes.
 */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_SHAPE.test(s);
/** The same rule in request schemas: a malformed id is a 400 ValidationFailed naming its field. */
export const uuid = z.string().regex(UUID_SHAPE, 'not a uuid');
/**
 * An id in a path: any text, looked up by the tenancy check, where a malformed or foreign one is a 404
 * ("not found" rather than "bad request": ids in paths are addresses).
 */
export const pathId = z.string().describe('uuid; a malformed or foreign id is 404 NotFound');
