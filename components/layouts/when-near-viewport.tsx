import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import styles from './when-near-viewport.module.css'

/** How far below (or above) the viewport a section starts to load: about a phone screen, so it is there when reached. */
const NEAR = '800px 0px'

interface SectionPlaceholderProps {
  /** The anchor of the section it stands for (`#screening`): a link or an address to it lands here. */
  anchor: string
  /** The section's heading, shown at once and its name as a region (so a reader can find it before it loads). */
  title: string
  /** Skeleton lines; about the section's first height, so little moves when it arrives. */
  lines?: number
  ref?: Ref<HTMLElement>
}

/**
 * A section's stand-in while it waits or loads: its heading and a skeleton, a busy region of the same name and anchor,
 * so that the region is there all along and a reader (or a test) can tell it has loaded when it is no longer busy.
 */
export function SectionPlaceholder({ anchor, title, lines = 3, ref }: SectionPlaceholderProps) {
  const headingId = useId()
  return (
    <section ref={ref} id={anchor} className={styles.placeholder} aria-labelledby={headingId} aria-busy="true">
      <h2 id={headingId}>{title}</h2>
      <Skeleton count={lines} label={`Loading ${title.toLowerCase()}`} />
    </section>
  )
}

export type WhenNearViewportProps = { children: ReactNode } & (
  | Omit<SectionPlaceholderProps, 'ref'>
  /** A part without a heading of its own (a list under charts): a skeleton of `lines` said as `label` stands in. */
  | { anchor?: undefined; title?: undefined; lines?: number; label: string }
)

/**
 * A section low on a long page, rendered only once it comes near the viewport: until then its placeholder stands in
 * its place, and its chunk, its reads and its render wait. On a phone those are long tasks that would block the first
 * taps on what the reader is looking at (docs/architecture.md#first-paint). An address or a link ending in its
 * anchor loads it at once. Without IntersectionObserver (old browsers, jsdom) it renders at once.
 */
export function WhenNearViewport({ children, ...placeholderProps }: WhenNearViewportProps) {
  const [near, setNear] = useState(false)
  const [named, setNamed] = useState(false)
  const placeholder = useRef<HTMLElement>(null)
  const { anchor } = placeholderProps
  useEffect(() => {
    const element = placeholder.current
    if (near || !element) return
    // Opened at this section or at something in it (`#screening`, `#screening-hit-…`: a queue's link, a section link).
    const isNamed = () =>
      anchor !== undefined && (window.location.hash === `#${anchor}` || window.location.hash.startsWith(`#${anchor}-`))
    const openNamed = () => {
      setNamed(true)
      setNear(true)
    }
    if (isNamed()) return openNamed()
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const onHashChange = () => isNamed() && openNamed()
    window.addEventListener('hashchange', onHashChange)
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: NEAR,
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      window.removeEventListener('hashchange', onHashChange)
    }
  }, [near, anchor])
  useKeepInView(named)
  if (near) return <>{children}</>
  if (placeholderProps.title === undefined)
    return (
      <div ref={placeholder as Ref<HTMLDivElement>}>
        <Skeleton count={placeholderProps.lines ?? 3} label={placeholderProps.label} />
      </div>
    )
  return <SectionPlaceholder ref={placeholder} {...placeholderProps} />
}

/** How long a section opened by its anchor is kept in view while what is above it loads, unless the reader moves first. */
const KEEP_IN_VIEW_MS = 5_000
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/**
 * Once `active`, keeps the element the address names (`#risk`) at the top while the page grows above it: the sections
 * above load as they come near and the section itself is swapped in, so neither the browser's jump to the anchor nor
 * its scroll anchoring (whose anchor node is replaced) would hold it. Ends with the reader's first scroll, tap or key,
 * or after a few seconds.
 */
function useKeepInView(active: boolean) {
  useEffect(() => {
    if (!active || typeof ResizeObserver === 'undefined') return
    const id = window.location.hash.slice(1)
    let last: number | undefined
    const keep = () => {
      const target = document.getElementById(id)
      if (!target) return
      const top = target.getBoundingClientRect().top
      if (top !== last) target.scrollIntoView({ block: 'start' })
      last = target.getBoundingClientRect().top
    }
    const observer = new ResizeObserver(keep)
    observer.observe(document.body)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
      READER_MOVES.forEach((type) => window.removeEventListener(type, stop, true))
    }
    const timer = setTimeout(stop, KEEP_IN_VIEW_MS)
    READER_MOVES.forEach((type) => window.addEventListener(type, stop, { capture: true, passive: true }))
    keep()
    return stop
  }, [active])
}
