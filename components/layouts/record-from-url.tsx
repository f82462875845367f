import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { isRecordId } from '@/lib/session/record-id'

export interface RecordFromUrlProps {
  /** Shown until the router has read the URL. */
  loading: ReactNode
  /** Shown when `?id=` is missing (or, with `uuid`, not an id): what to choose, and where to choose it. */
  missing: { title: string; description: string; action?: { href: string; label: string } }
  /** Only a UUID counts (true by default); otherwise any non-empty value. */
  uuid?: boolean
  /** The screen of the record named by `?id=`. */
  children: (id: string) => ReactNode
}

/** A details screen's record, from `?id=` in the URL: the screen once there is one, else a way to choose one. */
export function RecordFromUrl({ loading, missing, uuid = true, children }: RecordFromUrlProps) {
  const router = useRouter()
  if (!router.isReady) return <>{loading}</>
  const id = typeof router.query.id === 'string' ? router.query.id : ''
  if (uuid ? isRecordId(id) : id) return <>{children(id)}</>
  return (
    <EmptyState
      title={missing.title}
      description={missing.description}
      action={
        missing.action && (
          <Link href={missing.action.href} className={buttonClassName()}>
            {missing.action.label}
          </Link>
        )
      }
    />
  )
}
