import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { formatNumber } from '@/lib/format-number';
import type { MonthHours } from './journey-figures';

const CHART_HEIGHT = 160;
const BAR_GAP = 0.28;
/** Longer month names than this ("févr.", Arabic's full names) do not fit one bar's width on a phone. */
const LONGEST_LABEL_IN_ONE_ROW = 3;

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
  const total = months.reduce((sum, month) => sum + month.hours, 0);
  const top = niceCeiling(Math.max(...months.map((month) => month.hours), 0));
  const slot = 100 / months.length;
  const isRtl = i18n.dir(language) === 'rtl';
  // Time runs right to left in right-to-left languages.
  const ordered = isRtl ? [...months].reverse() : months;
  const labels = ordered.map((month) => shortMonth.format(month.start));
  // Long names alternate between two rows, so each may take two bars' width without touching the next.
  const isStaggered = labels.some((label) => [...label].length > LONGEST_LABEL_IN_ONE_ROW);

  return (
    <figure className="flex flex-col gap-3" aria-labelledby={titleId} data-testid="hours-chart">
      <figcaption id={titleId} className="sr-only">
        {t('chart.caption', { total: formatNumber(total, language) })}
      </figcaption>
      <div className="flex gap-2">
        <div
          className="flex h-40 flex-col justify-between pb-0.5 text-end text-[0.7rem] text-muted-foreground tabular-nums"
          aria-hidden
        >
          <span>{formatNumber(top, language)}</span>
          <span>{formatNumber(top / 2, language)}</span>
          <span>{formatNumber(0, language)}</span>
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
                  data-month={month.key}
                  data-hours={month.hours}
                >
                  <title>{`${longMonth.format(month.start)}: ${t('chart.hours', { hours: formatNumber(month.hours, language) })}`}</title>
                </rect>
              );
            })}
          </svg>
          {/* Placed by `left` like the bars (not by the grid's inline direction), so each label stays under
              its bar in right-to-left languages too. */}
          <div
            className={cx(
              'relative mt-1.5 text-[0.65rem] leading-4 text-muted-foreground sm:text-xs',
              isStaggered ? 'h-8' : 'h-4',
            )}
            aria-hidden
            data-testid="hours-chart-labels"
          >
            {ordered.map((month, index) => {
              // A staggered label two bars wide would pass the chart's edge if centred under the end bars.
              const edge = !isStaggered ? null : index === 0 ? 'left' : index === ordered.length - 1 ? 'right' : null;
              const room = isStaggered ? (edge ? 1.5 : 2) : 1;
              return (
                <span
                  key={month.key}
                  className={cx(
                    'absolute truncate whitespace-nowrap',
                    isStaggered && index % 2 === 1 ? 'top-4' : 'top-0',
                  )}
                  style={{
                    left: edge === 'left' ? 0 : edge === 'right' ? undefined : `${(index + 0.5) * slot}%`,
                    right: edge === 'right' ? 0 : undefined,
                    maxWidth: `${room * slot}%`,
                    transform: edge ? undefined : 'translateX(-50%)',
                    textAlign: edge ?? 'center',
                  }}
                  data-testid="hours-chart-label"
                  data-month={month.key}
                >
                  {labels[index]}
                </span>
              );
            })}
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
                <td className="py-1.5 text-end tabular-nums">{formatNumber(month.hours, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
