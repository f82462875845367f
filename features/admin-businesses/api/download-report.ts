import { downloadRequest } from '@/lib/http'
import { toSearchParams, type ApiQuery } from './admin-business-queries'

/**
 * Downloads the business report as CSV with the list's current filters. The call needs the bearer token, so a plain
 * link cannot fetch it: the file comes through the API client and is saved from an object URL.
 */
export async function downloadBusinessReport(query: ApiQuery): Promise<void> {
  const params = toSearchParams(query.filter(([key]) => key !== 'pageNumber' && key !== 'pageSize'))
  params.set('format', 'csv')
  const res = await downloadRequest<Blob>('/reports/businesses/download', { params })
  const disposition = String(res.headers['content-disposition'] ?? '')
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'businesses.csv'
  const url = URL.createObjectURL(res.data)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Give the browser the time to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}
