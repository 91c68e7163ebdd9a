/**
 * PostgreSQL refuses to run a prepared statement again once its result columns changed under it (a migration
 * of another process altered a table it reads with `*`). Both databases then run that text unprepared.
 */
export const resultTypeChanged = (e: unknown) => (e as { message?: unknown } | null)?.message === 'cached plan must not change result type';
