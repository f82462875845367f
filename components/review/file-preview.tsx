import { useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { apiPath } from '@/lib/http/api-path'
import { describeError } from '@/lib/http/errors'
import { downloadRequest } from '@/lib/http/lazy-client'
import styles from './review.module.css'

export interface FilePreviewProps {
  file: { id: string; fileName: string; contentType: string }
  /** Names the frame or image for assistive technology ("CAC 2 of Acme Ltd"). */
  title: string
}

type State = { url: string; type: string } | { error: string } | null

/**
 * Shows an uploaded PDF (in a frame) or image. `GET /files/{id}` needs the bearer token, which a frame's own request
 * would not carry: the file is fetched through the API client as a blob and shown from an object URL, revoked when
 * the preview goes away or shows another file.
 */
export function FilePreview({ file, title }: FilePreviewProps) {
  const [state, setState] = useState<State>(null)
  const { id, contentType } = file
  useEffect(() => {
    let url: string | null = null
    let cancelled = false
    setState(null)
    downloadRequest<Blob>(apiPath`/files/${id}`, { silent: true })
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
  }, [id, contentType])

  if (!state) return <Skeleton count={3} label={`Loading ${file.fileName}`} />
  if ('error' in state) {
    return (
      <p role="alert" className={styles.error}>
        {state.error}
      </p>
    )
  }
  return (
    <div className={styles.stack}>
      {state.type.startsWith('image/') ? (
        <img src={state.url} alt={title} className={styles.image} />
      ) : (
        <iframe src={state.url} title={title} className={styles.viewer} />
      )}
      <a href={state.url} download={file.fileName} className={styles.download}>
        Download {file.fileName}
      </a>
    </div>
  )
}
