import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Statistics } from './useStatistics.ts';

/** Messages per day over the last 30 days. Loaded lazily: recharts stays out of the first screen's code. */
export default function MessagesChart({ data }: { data: Statistics['messagesPerDay'] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tag = locale === 'de' ? 'de-DE' : 'en-GB';
  // The day is a calendar date; it is shown as such, whatever the browser's zone.
  const label = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={label} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(d) => label(String(d))} formatter={(v) => [v, translate('dashboard.chart.messages')]} />
        <Bar dataKey="count" fill={theme.palette.primary.main} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
