/**
 * Scheduled training intervals: the simple presets of the spec and the cron expression each stands for
 * (the server stores the cron and runs it; it validates any expression and computes the next runs).
 */
export const SCHEDULE_PRESETS = {
  yearly: '0 0 1 1 *',
  monthly: '0 0 1 * *',
  weekly: '0 0 * * 1',
  daily: '0 0 * * *',
  saturday: '0 0 * * 6',
} as const;

export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;
export type ScheduleMode = SchedulePreset | 'advanced';

/** The default interval: every 1 January at 00:00. */
export const DEFAULT_PRESET: SchedulePreset = 'yearly';

const normalize = (cron: string) => cron.trim().replace(/\s+/g, ' ');

/** The preset a cron expression is, or 'advanced' for any other expression. */
export function modeOfCron(cron: string | null | undefined): ScheduleMode {
  if (!cron) return DEFAULT_PRESET;
  const c = normalize(cron);
  return (Object.keys(SCHEDULE_PRESETS) as SchedulePreset[]).find((k) => SCHEDULE_PRESETS[k] === c) ?? 'advanced';
}

/** The cron expression to save: the preset's, or the user's own (normalised) in advanced mode. */
export function cronOfMode(mode: ScheduleMode, advanced: string): string {
  return mode === 'advanced' ? normalize(advanced) : SCHEDULE_PRESETS[mode];
}

/** Quick client-side shape check before asking the server: five space-separated fields. */
export const hasFiveFields = (cron: string) => normalize(cron).split(' ').filter(Boolean).length === 5;
