/** Longest page a list answers, whatever range asks for (zod-free: the dashboard's data provider reads it). */
export const MAX_PAGE = 500;

/** Most records a dashboard list's CSV export holds: read as consecutive pages of MAX_PAGE. */
export const MAX_EXPORT_RECORDS = 10_000;
