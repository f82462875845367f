import type { CSSProperties } from 'react'
import { cx } from './cx'
import styles from './skeleton.module.css'
import { VisuallyHidden } from './visually-hidden'

export type SkeletonVariant = 'lines' | 'block' | 'circle'

export interface SkeletonProps {
  /** `lines` (text, default), `block` (card/image) or `circle` (avatar). */
  variant?: SkeletonVariant
  /** Number of lines (variant `lines`) or blocks; 3 lines / 1 block by default. */
  count?: number
  /** CSS width/height of each bone, e.g. `"60%"`, `120`. */
  width?: CSSProperties['width']
  height?: CSSProperties['height']
  /** Screen-reader text; "Loading…" by default. */
  label?: string
  className?: string
}

/**
 * Placeholder while content loads. The shapes are hidden from screen readers; they hear `label` once
 * (`role="status"`), and the container is `aria-busy`.
 */
export function Skeleton({ variant = 'lines', count, width, height, label = 'Loading…', className }: SkeletonProps) {
  const n = count ?? (variant === 'lines' ? 3 : 1)
  return (
    <div className={cx(styles.root, className)} aria-busy="true" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: n }, (_, i) => (
        <SkeletonBone key={i} variant={variant} width={width} height={height} />
      ))}
    </div>
  )
}

/** One bare, `aria-hidden` shape, for composing (e.g. skeleton table cells); announces nothing. */
export function SkeletonBone({
  variant = 'lines',
  width,
  height,
  className,
}: Pick<SkeletonProps, 'variant' | 'width' | 'height' | 'className'>) {
  const shape = variant === 'lines' ? styles.line : styles[variant]
  return (
    <span
      aria-hidden="true"
      className={cx(styles.bone, shape, className)}
      style={width || height ? { width, height } : undefined}
    />
  )
}
