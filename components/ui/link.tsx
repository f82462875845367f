import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime'
import { useContext, type ComponentPropsWithoutRef, type MouseEvent } from 'react'

export interface LinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  /** A path of the portal (from `paths`) or any URL; only same-origin paths are followed by the router. */
  href: string
  /** Replace the current history entry instead of adding one. */
  replace?: boolean
  /** Scroll to the top after the navigation (the router's default: true). */
  scroll?: boolean
}

function isLocalUrl(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//')
  if (typeof window === 'undefined') return false
  try {
    return new URL(href, window.location.href).origin === window.location.origin
  } catch {
    return false
  }
}

/**
 * A link to a screen: an `<a href>` the pages router follows without reloading the page, as `next/link` does (a
 * plain left click on a same-origin path; a modified click, `target` or `download` are left to the browser). Used
 * instead of `next/link` (~3 kB gzip with its viewport observer), which was in every page's first-load JavaScript
 * (docs/architecture.md#first-paint). The difference: the target page's code is prefetched when the user shows intent
 * (pointer over, focus, touch), not whenever the link scrolls into view, which on a phone network spent bandwidth on
 * pages the visitor never opened.
 */
export function Link({ href, replace, scroll, onClick, onMouseEnter, onFocus, onTouchStart, ...anchor }: LinkProps) {
  const router = useContext(RouterContext)

  const prefetch = () => {
    if (router && isLocalUrl(href)) router.prefetch(href).catch(() => undefined)
  }

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || !router || event.button !== 0) return
    const target = event.currentTarget.getAttribute('target')
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if ((target && target !== '_self') || modified || event.currentTarget.hasAttribute('download')) return
    if (!isLocalUrl(href)) return
    event.preventDefault()
    const options = { scroll: scroll ?? true }
    void (replace ? router.replace(href, undefined, options) : router.push(href, undefined, options))
  }

  return (
    <a
      href={href}
      {...anchor}
      onClick={follow}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        prefetch()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        prefetch()
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event)
        prefetch()
      }}
    />
  )
}
