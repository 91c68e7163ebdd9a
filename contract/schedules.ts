/**
 * Scheduled training intervals: the simple presets of the spec and the cron expression each stands for.
 * The server stores the cron and runs it; the dashboard offers the presets. Zod-free.
 */
export const SCHEDULE_PRESETS = {
  yearly: '0 0 1 1 *',
  monthly: '0 0 1 * *',
  weekly: '0 0 * * 1',
  daily: '0 0 * * *',
  saturday: '0 0 * * 6',
} as const;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;

/** The default interval: every 1 January at 00:00. */
export const DEFAULT_PRESET: SchedulePreset = 'yearly';
export const DEFAULT_CRON = SCHEDULE_PRESETS[DEFAULT_PRESET];

/** A cron expression as typed, with its runs of spaces made one. */
export const normalizeCron = (cron: string) => cron.trim().replace(/\s+/g, ' ');

/** The preset a cron expression is, or null for any other expression. */
export function presetOf(cron: string): SchedulePreset | null {
  const expr = normalizeCron(cron);
  return (Object.keys(SCHEDULE_PRESETS) as SchedulePreset[]).find((k) => SCHEDULE_PRESETS[k] === expr) ?? null;
}
