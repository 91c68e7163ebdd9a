/** Longest page a list answers, whatever range asks for (zod-free: the dashboard's data provider reads it). */
export const MAX_PAGE = 500;
