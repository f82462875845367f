import { useState } from 'react'
import { describeError } from '@/lib/http/errors'

/**
 * A download button's state: `start(save)` runs `save` (which answers the file name it saved), busy meanwhile, and
 * leaves a message to announce in a status region: "Saved NAME." or what went wrong.
 */
export function useFileDownload() {
  const [downloading, setDownloading] = useState(false)
  const [message, setMessage] = useState('')
  const start = async (save: () => Promise<string>) => {
    setDownloading(true)
    setMessage('')
    try {
      setMessage(`Saved ${await save()}.`)
    } catch (error) {
      setMessage(describeError(error, 'The download failed. Try again.'))
    } finally {
      setDownloading(false)
    }
  }
  return { downloading, message, start }
}
