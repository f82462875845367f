import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'

/** Why a form's submit is disabled while one of its uploads runs. */
export const WAIT_FOR_UPLOAD_REASON = 'Wait for the upload to finish'

interface UploadsInProgress {
  /** True while an uploader inside the form is sending a file. */
  busy: boolean
  /** Read at submit time (state may not have re-rendered yet when Enter is pressed). */
  isBusy: () => boolean
  /** An uploader says it started; the returned function says it stopped (finished, failed, cancelled or unmounted). */
  begin: () => () => void
}

const UploadsContext = createContext<UploadsInProgress | null>(null)

/**
 * The uploads running inside one form (issue 34: a proof of address clicked away at 0 % was saved as "none"). `Form`
 * provides it; the `Uploader` reports to it; a submit `Button` inside it is disabled with a reason, and `Form` refuses
 * the submit event itself (Enter in a field) while anything uploads.
 */
export function useUploadsInProgressState(): UploadsInProgress {
  const running = useRef(new Set<number>())
  const next = useRef(0)
  const [count, setCount] = useState(0)
  const begin = useCallback(() => {
    const id = next.current++
    running.current.add(id)
    setCount(running.current.size)
    return () => {
      if (!running.current.delete(id)) return
      setCount(running.current.size)
    }
  }, [])
  const isBusy = useCallback(() => running.current.size > 0, [])
  return useMemo(() => ({ busy: count > 0, isBusy, begin }), [count, isBusy, begin])
}

export function UploadsInProgressProvider({ value, children }: { value: UploadsInProgress; children: ReactNode }) {
  return <UploadsContext.Provider value={value}>{children}</UploadsContext.Provider>
}

/** For the Uploader: tells the surrounding form (if any) while `uploading` is true. */
export function useReportUpload(uploading: boolean) {
  const uploads = useContext(UploadsContext)
  useEffect(() => {
    if (!uploading || !uploads) return
    return uploads.begin()
  }, [uploading, uploads?.begin])
}

/** For a submit button: whether its form waits for an upload, and the id of the line saying so. */
export function useWaitForUploads(): { waiting: boolean; reasonId: string } {
  const uploads = useContext(UploadsContext)
  return { waiting: uploads?.busy ?? false, reasonId: `upload-wait-${useId()}` }
}
