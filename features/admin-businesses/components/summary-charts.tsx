import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js'
import { Bar, Line } from 'react-chartjs-2'
import type { BusinessSummary, BusinessSummaryCount } from '../api/types'

// chart.js is tree-shaken: register only what these two charts draw. This module is loaded with next/dynamic only.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend)

const PRIMARY = '#0b5cad'
const SECONDARY = '#1f8a4c'

const integerAxis = { beginAtZero: true, ticks: { precision: 0 } }

/** Counts per label as horizontal bars (status, type, category). The numbers are also in a table next to it. */
export function CountsChart({ counts, label }: { counts: readonly BusinessSummaryCount[]; label: string }) {
  return (
    <Bar
      aria-hidden="true"
      data={{
        labels: counts.map((c) => c.label),
        datasets: [{ label, data: counts.map((c) => c.count), backgroundColor: PRIMARY }],
      }}
      options={{
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { x: integerAxis },
      }}
    />
  )
}

/** Registered and approved per month, as two lines. */
export function MonthlyChart({ months }: { months: BusinessSummary['byMonth'] }) {
  return (
    <Line
      aria-hidden="true"
      data={{
        labels: months.map((m) => m.month),
        datasets: [
          { label: 'Registered', data: months.map((m) => m.registered), borderColor: PRIMARY, backgroundColor: PRIMARY },
          { label: 'Approved', data: months.map((m) => m.approved), borderColor: SECONDARY, backgroundColor: SECONDARY },
        ],
      }}
      options={{ responsive: true, maintainAspectRatio: false, animation: false, scales: { y: integerAxis } }}
    />
  )
}
