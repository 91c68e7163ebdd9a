import { DEFAULT_PRESET, SCHEDULE_PRESETS, normalizeCron as normalize, presetOf, type SchedulePreset } from '../../../contract/schedules.ts';

export { DEFAULT_PRESET, SCHEDULE_PRESETS, type SchedulePreset };
export type ScheduleMode = SchedulePreset | 'advanced';

/** The preset a cron expression is, or 'advanced' for any other expression. */
export function modeOfCron(cron: string | null | undefined): ScheduleMode {
  if (!cron) return DEFAULT_PRESET;
  return presetOf(cron) ?? 'advanced';
}

/** The cron expression to save: the preset's, or the user's own (normalised) in advanced mode. */
export function cronOfMode(mode: ScheduleMode, advanced: string): string {
  return mode === 'advanced' ? normalize(advanced) : SCHEDULE_PRESETS[mode];
}

/** Quick client-side shape check before asking the server: five space-separated fields. */
export const hasFiveFields = (cron: string) => normalize(cron).split(' ').filter(Boolean).length === 5;
