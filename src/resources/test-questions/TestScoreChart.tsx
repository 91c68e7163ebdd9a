import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { TestRun } from './types.ts';

/** The score of each run (training or by hand), oldest first. Loaded lazily: recharts stays out of the list's code. */
export default function TestScoreChart({ runs, height = 180 }: { runs: TestRun[]; height?: number }) {
  const theme = useTheme();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tag = locale === 'de' ? 'de-DE' : 'en-GB';
  const data = runs.filter((r) => r.status === 'completed' && r.score !== null).map((r) => ({ ...r, percent: Math.round((r.score ?? 0) * 100) }));
  const label = (iso: string) => new Date(iso).toLocaleString(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data} margin={{ top: 8, right: 12, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="startedAt" tickFormatter={label} tick={{ fontSize: 12 }} minTickGap={24} />
        <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
        <Tooltip
          labelFormatter={(d) => label(String(d))}
          formatter={(v, _n, item) => {
            const r = item.payload as TestRun;
            const crawl = r.crawl ? ` · ${translate('testQuestions.score.crawl', { added: r.crawl.added, changed: r.crawl.changed, removed: r.crawl.removed })}` : '';
            return [`${v}% (${r.passed}/${r.total})${crawl}`, translate(`testQuestions.score.trigger.${r.trigger}`)];
          }}
        />
        <Line type="monotone" dataKey="percent" name={translate('testQuestions.score.trendLabel')} stroke={theme.palette.primary.main} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
