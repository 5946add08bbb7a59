import type { AdminDailyReport } from '@app/shared';
import {
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import styles from './report-charts.module.css';

Chart.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);
Chart.defaults.color = '#a0a6b8';
Chart.defaults.borderColor = '#2b3042';

// Charts draw: a float of the decimal text is exact enough for a bar's height (money itself is
// never computed here).
const plot = (amount: string) => Number(amount);

/** The range's days as charts: money in and out, GGR and NGR, members. Loaded with the page. */
export function ReportCharts({ report }: { report: AdminDailyReport }) {
  const { t } = useTranslation();
  const labels = report.days.map((day) => day.date.slice(5));
  return (
    <div className={styles.charts} data-testid="report-charts">
      <figure className={styles.chart}>
        <figcaption>{t('reports.charts.cashflow', { currency: report.currency })}</figcaption>
        <Bar
          data={{
            labels,
            datasets: [
              {
                label: t('reports.figures.depositAmount'),
                data: report.days.map((d) => plot(d.depositAmount)),
                backgroundColor: '#4ade80',
              },
              {
                label: t('reports.figures.withdrawalAmount'),
                data: report.days.map((d) => plot(d.withdrawalAmount)),
                backgroundColor: '#f87171',
              },
            ],
          }}
          options={{ responsive: true, maintainAspectRatio: false }}
        />
      </figure>
      <figure className={styles.chart}>
        <figcaption>{t('reports.charts.revenue', { currency: report.currency })}</figcaption>
        <Line
          data={{
            labels,
            datasets: [
              {
                label: t('reports.figures.ggr'),
                data: report.days.map((d) => plot(d.ggr)),
                borderColor: '#60a5fa',
                backgroundColor: '#60a5fa',
              },
              {
                label: t('reports.figures.ngr'),
                data: report.days.map((d) => plot(d.ngr)),
                borderColor: '#facc15',
                backgroundColor: '#facc15',
              },
            ],
          }}
          options={{ responsive: true, maintainAspectRatio: false }}
        />
      </figure>
      <figure className={styles.chart}>
        <figcaption>{t('reports.charts.members')}</figcaption>
        <Line
          data={{
            labels,
            datasets: [
              {
                label: t('reports.figures.activeMembers'),
                data: report.days.map((d) => d.activeMembers),
                borderColor: '#c084fc',
                backgroundColor: '#c084fc',
              },
              {
                label: t('reports.figures.registrations'),
                data: report.days.map((d) => d.registrations),
                borderColor: '#2dd4bf',
                backgroundColor: '#2dd4bf',
              },
              {
                label: t('reports.figures.firstDeposits'),
                data: report.days.map((d) => d.firstDeposits),
                borderColor: '#fb923c',
                backgroundColor: '#fb923c',
              },
            ],
          }}
          options={{ responsive: true, maintainAspectRatio: false }}
        />
      </figure>
    </div>
  );
}

export default ReportCharts;
