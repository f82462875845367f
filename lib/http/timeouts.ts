/** Ordinary calls give up after 30 seconds (docs/api.md#the-browser-client). */
export const DEFAULT_TIMEOUT_MS = 30_000
/** axios's "no timeout": uploads and downloads, which may take long on a slow line. */
export const NO_TIMEOUT = 0
