import { useEffect, type RefObject } from 'react'

/** The CSS property the anchored sections' `scroll-margin-top` reads (10rem when no bar sets it). */
export const ANCHOR_OFFSET_PROPERTY = '--anchor-offset'
/** Space between the bar's bottom edge and the heading a link lands on. */
const GAP_PX = 16

/**
 * Keeps `--anchor-offset` on the document at the bottom of a sticky bar, whatever its height: on a phone the review's
 * bar wraps to several lines (about 226 px with the header), more than the fixed 10rem, and a section a link opened
 * had its heading under it. Removed when the bar goes.
 */
export function useAnchorOffset(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current
    if (!element) return
    const root = document.documentElement
    const measure = () => {
      const top = Number.parseFloat(getComputedStyle(element).top) || 0
      root.style.setProperty(ANCHOR_OFFSET_PROPERTY, `${Math.ceil(top + element.offsetHeight + GAP_PX)}px`)
    }
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty(ANCHOR_OFFSET_PROPERTY)
    }
  }, [bar])
}
