import { apiPath } from '@/lib/http/api-path'
import { downloadRequest } from '@/lib/http/lazy-client'

/**
 * Opens an uploaded file: `GET /files/{id}` needs the bearer token, so a plain link cannot. The tab is opened inside
 * the click (pop-up blockers allow that), then shown the file once it has arrived.
 */
export async function openFile(file: { id: string }) {
  const tab = window.open('', '_blank')
  try {
    const { data } = await downloadRequest<Blob>(apiPath`/files/${file.id}`)
    const objectUrl = URL.createObjectURL(data)
    if (tab) tab.location.href = objectUrl
    else window.location.assign(objectUrl)
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000)
  } catch (error) {
    tab?.close()
    throw error
  }
}
