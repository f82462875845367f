/**
 * Step-up in place (docs/security.md#step-up): a call answered 401 STEP_UP_REQUIRED asks the signed-in shell to
 * confirm the user (a code from their app, or their password when they hold no factor), then is sent again once.
 * Without a shell listening (tests, tools) the call just fails with the 401.
 */
export type StepUpHandler = (message: string) => Promise<boolean>

let handler: StepUpHandler | null = null
let pending: Promise<boolean> | null = null

/** The shell installs the dialog that answers; answers a function that removes it. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next
  return () => {
    if (handler === next) handler = null
  }
}

/** True once the user confirmed; false when they cancelled or nothing can ask. Calls failing together share one ask. */
export function requestStepUp(message: string): Promise<boolean> {
  if (!handler) return Promise.resolve(false)
  pending ??= handler(message).finally(() => {
    pending = null
  })
  return pending
}
