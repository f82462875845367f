import type { AxiosRequestConfig } from 'axios'
import { downloadRequest } from './lazy-client'

/**
 * Fetches a file through the API client (the call needs the bearer token, so a plain link cannot) and saves it from
 * an object URL under the name the server's Content-Disposition gives, else `fallbackName`. Answers the name used.
 */
export async function downloadFile(url: string, fallbackName: string, config: AxiosRequestConfig = {}): Promise<string> {
  const res = await downloadRequest<Blob>(url, config)
  const disposition = String(res.headers['content-disposition'] ?? '')
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName
  const objectUrl = URL.createObjectURL(res.data)
  try {
    const link = document.createElement('a')
    link.href = objectUrl
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Give the browser the time to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000)
  }
  return fileName
}
