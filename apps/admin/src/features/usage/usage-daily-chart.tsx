/**
 * Visits per day as stacked bars (engaged visits under the others), drawn by Chart.js on a canvas.
 * Its own module, loaded with React.lazy by the page: Chart.js weighs more than the rest of the
 * screen, and the totals and tables (the chart's text equivalent among them) need not wait for it.
 *
 * Only the controllers and elements a bar chart uses are registered, so the bundler leaves the
 * other charts out. No animation: a chart that grows at each filter change says nothing more, and
 * the screenshots and browser tests see it as it is.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { UsageDashboard } from '@plant-kiosk/contract';
import { shortDayLabel } from './usage-text';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Dark for the engaged visits, the palette's blue for the others: both ≥ 3:1 on white. */
const ENGAGED_COLOUR = '#34607d';
const OTHER_COLOUR = '#8fb0c6';

export function chartConfig(days: UsageDashboard['days']): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: days.map((day) => shortDayLabel(day.day)),
      datasets: [
        {
          label: 'Visites engagées',
          data: days.map((day) => day.engagedSessions),
          backgroundColor: ENGAGED_COLOUR,
          stack: 'visits',
        },
        {
          label: 'Autres visites',
          data: days.map((day) => Math.max(0, day.sessions - day.engagedSessions)),
          backgroundColor: OTHER_COLOUR,
          stack: 'visits',
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale: 'fr-FR',
      scales: {
        x: { stacked: true, ticks: { color: '#49494a', autoSkip: true, maxRotation: 0 } },
        y: {
          stacked: true,
          beginAtZero: true,
          ticks: { color: '#49494a', precision: 0 },
          title: { display: true, text: 'Visites', color: '#49494a' },
        },
      },
      plugins: {
        legend: { position: 'bottom', labels: { color: '#2b2b2c' } },
        tooltip: { mode: 'index', intersect: false },
      },
    },
  };
}

export function UsageDailyChart({
  days,
  summary,
}: {
  days: UsageDashboard['days'];
  /** What the chart shows, in one sentence, for screen readers (the table says it in full). */
  summary: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, chartConfig(days));
    return () => chart.destroy();
  }, [days]);
  return (
    <div className="usage-chart">
      <canvas ref={canvas} role="img" aria-label={summary}>
        {summary}
      </canvas>
    </div>
  );
}
