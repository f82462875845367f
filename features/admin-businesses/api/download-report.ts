import { downloadFile } from '@/lib/http/download-file'
import { toSearchParams, type ApiQuery } from './admin-business-queries'

/** Downloads the business report as CSV with the list's current filters. */
export async function downloadBusinessReport(query: ApiQuery): Promise<void> {
  const params = toSearchParams(query.filter(([key]) => key !== 'pageNumber' && key !== 'pageSize'))
  params.set('format', 'csv')
  await downloadFile('/reports/businesses/download', 'businesses.csv', { params })
}
