import { useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError, downloadRequest } from '@/lib/http'
import styles from './approvals.module.css'

export interface DocumentViewerProps {
  fileId: string
  fileName: string
  contentType: string
  /** Names the frame or image for assistive technology. */
  title: string
}

/**
 * Shows a PDF (in a frame) or an image. `GET /files/{id}` needs the bearer token, which a frame's own request would
 * not carry: the file is fetched through the API client as a blob and shown from an object URL, freed on unmount.
 */
export function DocumentViewer({ fileId, fileName, contentType, title }: DocumentViewerProps) {
  const [state, setState] = useState<{ url: string; type: string } | { error: string } | null>(null)
  useEffect(() => {
    let url: string | null = null
    let cancelled = false
    setState(null)
    downloadRequest<Blob>(`/files/${encodeURIComponent(fileId)}`, { silent: true })
      .then((res) => {
        if (cancelled) return
        url = URL.createObjectURL(res.data)
        setState({ url, type: res.data.type || contentType })
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ error: describeError(error, 'The file could not be loaded.') })
      })
    return () => {
      cancelled = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [fileId, contentType])

  if (!state) return <Skeleton count={3} label={`Loading ${fileName}`} />
  if ('error' in state) {
    return (
      <p role="alert" className={styles.error}>
        {state.error}
      </p>
    )
  }
  if (state.type.startsWith('image/')) return <img src={state.url} alt={title} className={styles.image} />
  return (
    <>
      <iframe src={state.url} title={title} className={styles.viewer} />
      <a href={state.url} download={fileName} className={styles.small}>
        Download {fileName}
      </a>
    </>
  )
}
