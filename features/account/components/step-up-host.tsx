import { useEffect, useState } from 'react'
import { clientOnly } from '@/components/layouts/client-only'
import { setStepUpHandler } from '@/lib/http/step-up'

// Loaded the first time an action asks for it.
const StepUpDialog = clientOnly(() => import('./step-up-dialog').then((m) => m.StepUpDialog))

interface Ask {
  message: string
  resolve: (confirmed: boolean) => void
}

/** Answers the HTTP layer's step-up requests (lib/http/step-up.ts) with the dialog, while a signed-in page shows. */
export function StepUpHost() {
  const [ask, setAsk] = useState<Ask | null>(null)
  useEffect(
    () =>
      setStepUpHandler(
        (message) =>
          new Promise<boolean>((resolve) => {
            setAsk({ message, resolve })
          }),
      ),
    [],
  )
  if (!ask) return null
  return (
    <StepUpDialog
      message={ask.message}
      onDone={(confirmed) => {
        ask.resolve(confirmed)
        setAsk(null)
      }}
    />
  )
}
