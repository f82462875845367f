/**
 * Taps and submits made on a server-rendered page before it has hydrated are held by the inline loader
 * (`paint-first-head.tsx`) and made again once it has (`pages/_app.tsx`'s first effect), after the fields edited
 * meanwhile have been told to the page. Without this a tap on a
 * button was lost, and a submit went to the browser, which sends a form without an action to the page's own address
 * with its fields in the query string (the sign-in form's password among them). Not before: React replays a tap on a
 * page it has not hydrated yet (it hydrates it at once), but not a submit.
 */
export const EARLY_EVENTS_GLOBAL = '__PORTAL_EARLY_EVENTS__'

interface EarlyEvents {
  replay(): void
}

/** Tells the page the fields edited before it hydrated, then makes the held taps and submits, once; later ones go straight to React. */
export function replayEarlyEvents(): void {
  const early = (window as unknown as Record<string, EarlyEvents | undefined>)[EARLY_EVENTS_GLOBAL]
  early?.replay()
}
