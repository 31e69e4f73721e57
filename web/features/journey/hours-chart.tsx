import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonthHours } from './journey-figures';

const CHART_HEIGHT = 160;
const BAR_GAP = 0.28;

/** A number of hours at or above `max` rounded up to a readable step, so the axis reads well. */
function niceCeiling(max: number): number {
  if (max <= 4) return 4;
  const step = max <= 20 ? 5 : max <= 50 ? 10 : max <= 100 ? 20 : 50;
  return Math.ceil(max / step) * step;
}

/**
 * Volunteer hours by month as inline SVG bars (no chart library), with the same figures as a table
 * for screen readers and for anyone who would rather read them.
 */
export function HoursChart({ months }: { months: MonthHours[] }) {
  const { t, i18n } = useTranslation('journey');
  const language = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const shortMonth = new Intl.DateTimeFormat(language, { month: 'short' });
  const longMonth = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' });
  const number = new Intl.NumberFormat(language);
  const total = months.reduce((sum, month) => sum + month.hours, 0);
  const top = niceCeiling(Math.max(...months.map((month) => month.hours), 0));
  const slot = 100 / months.length;
  const isRtl = i18n.dir(language) === 'rtl';
  // Time runs right to left in right-to-left languages.
  const ordered = isRtl ? [...months].reverse() : months;

  return (
    <figure className="flex flex-col gap-3" aria-labelledby={titleId} data-testid="hours-chart">
      <figcaption id={titleId} className="sr-only">
        {t('chart.caption', { total: number.format(total) })}
      </figcaption>
      <div className="flex gap-2">
        <div
          className="flex h-40 flex-col justify-between pb-0.5 text-end text-[0.7rem] text-muted-foreground tabular-nums"
          aria-hidden
        >
          <span>{number.format(top)}</span>
          <span>{number.format(top / 2)}</span>
          <span>0</span>
        </div>
        <div className="relative flex-1">
          <svg
            viewBox={`0 0 100 ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            className="h-40 w-full overflow-visible"
            aria-hidden
            focusable="false"
          >
            {[0, 0.5, 1].map((fraction) => (
              <line
                key={fraction}
                x1="0"
                x2="100"
                y1={CHART_HEIGHT * fraction}
                y2={CHART_HEIGHT * fraction}
                className="stroke-border"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
                strokeDasharray={fraction === 1 ? undefined : '3 3'}
              />
            ))}
            {ordered.map((month, index) => {
              const height = top === 0 ? 0 : (month.hours / top) * CHART_HEIGHT;
              const x = index * slot + (slot * BAR_GAP) / 2;
              return (
                <rect
                  key={month.key}
                  x={x}
                  y={CHART_HEIGHT - height}
                  width={slot * (1 - BAR_GAP)}
                  height={Math.max(height, month.hours > 0 ? 2 : 0)}
                  rx="1.2"
                  className="fill-primary"
                  data-testid="hours-chart-bar"
                  data-hours={month.hours}
                >
                  <title>{`${longMonth.format(month.start)}: ${t('chart.hours', { hours: number.format(month.hours) })}`}</title>
                </rect>
              );
            })}
          </svg>
          <div
            className="mt-1.5 grid text-center text-[0.65rem] text-muted-foreground sm:text-xs"
            style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
            aria-hidden
          >
            {ordered.map((month) => (
              <span key={month.key} className="truncate">
                {shortMonth.format(month.start)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <details className="group text-sm">
        <summary className="cursor-pointer rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          {t('chart.showTable')}
        </summary>
        <table className="mt-3 w-full text-start text-sm" data-testid="hours-chart-table">
          <caption className="sr-only">{t('chart.title')}</caption>
          <thead>
            <tr className="border-b border-border text-muted-foreground">
              <th scope="col" className="py-1.5 text-start font-medium">
                {t('chart.month')}
              </th>
              <th scope="col" className="py-1.5 text-end font-medium">
                {t('chart.hoursColumn')}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.key} className="border-b border-border/60 last:border-0">
                <th scope="row" className="py-1.5 text-start font-normal">
                  {longMonth.format(month.start)}
                </th>
                <td className="py-1.5 text-end tabular-nums">{number.format(month.hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
