import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useId, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { useUrlState } from '@/components/ui/use-url-state'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { businessReads } from '@/lib/query/shared-queries'
import { setBusinessId } from '@/lib/session/storage'
import { businessStatus } from '@/lib/status/business-status'
import { kycStatus } from '@/lib/status/kyc-status'
import type { MyBusiness } from '../api/types'
import { businessRoleLabel } from '../model/business-access'
import styles from './businesses.module.css'

const SEARCH_DELAY_MS = 300

/** The user's businesses, searchable (name or registration number); choosing one opens its dashboard. */
export function MyBusinesses({ canCreate = true }: { canCreate?: boolean }) {
  const router = useRouter()
  const { query, setQuery, isReady } = useUrlState()
  const searchKey = (query.searchKey ?? '').trim()
  const [typed, setTyped] = useState<string | null>(null)
  const inputId = useId()

  // Apply the search after a pause in typing; the URL keeps it (reload, back, share).
  useEffect(() => {
    if (typed === null || typed.trim() === searchKey) return
    const timer = setTimeout(() => void setQuery({ searchKey: typed.trim() || null }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed, searchKey, setQuery])

  const businesses = useQuery({ ...businessReads.mine(searchKey), enabled: isReady, placeholderData: keepPreviousData })

  const choose = async (business: MyBusiness) => {
    setBusinessId(business.id)
    await router.push(paths.business.dashboard(business.id))
  }

  const createLink = canCreate ? (
    <Link href={paths.business.create()} className={buttonClassName()}>
      Register a business
    </Link>
  ) : null

  let content
  if (businesses.isError) {
    content = (
      <ErrorState
        title="Couldn't load your businesses"
        message={describeError(businesses.error, "We couldn't load your businesses. Check your connection and try again.")}
        onRetry={() => void businesses.refetch()}
        retrying={businesses.isFetching}
      />
    )
  } else if (!businesses.data) {
    content = <Skeleton count={3} label="Loading your businesses" />
  } else if (businesses.data.length === 0) {
    content = searchKey ? (
      <EmptyState
        title="No business matches your search"
        description={`None of your businesses has a name or registration number containing “${searchKey}”.`}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setTyped('')
              void setQuery({ searchKey: null })
            }}
          >
            Clear the search
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="You have no business yet"
        description="Register your business to complete its KYC and apply for products. If it is already registered, ask its owners for access below."
        action={createLink}
      />
    )
  } else {
    content = (
      <ul className={styles.cards} aria-label="Your businesses" aria-busy={businesses.isPlaceholderData || undefined}>
        {businesses.data.map((business) => (
          <BusinessCard key={business.id} business={business} onChoose={() => void choose(business)} />
        ))}
      </ul>
    )
  }

  return (
    <div className={styles.stackTight}>
      <div className={styles.toolbar}>
        <form
          role="search"
          aria-label="Search your businesses"
          className={styles.search}
          onSubmit={(e) => {
            e.preventDefault()
            void setQuery({ searchKey: (typed ?? searchKey).trim() || null })
          }}
        >
          <label htmlFor={inputId}>Search by name or registration number</label>
          <input
            id={inputId}
            type="search"
            className={styles.input}
            value={typed ?? searchKey}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </form>
        {createLink}
      </div>
      {content}
    </div>
  )
}

function BusinessCard({ business, onChoose }: { business: MyBusiness; onChoose: () => void }) {
  const titleId = useId()
  const approval = businessStatus(business)
  const kyc = kycStatus(business)
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{business.name}</h2>
      <div className={styles.badges}>
        <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />
        <StatusBadge status={kyc.code} label={kyc.label} tone={kyc.tone} />
      </div>
      <p className={styles.muted}>
        <VisuallyHidden>Registration number </VisuallyHidden>
        {business.regNo} · Your role: {businessRoleLabel(business.role)}
      </p>
      <div className={styles.cardActions}>
        <Button size="sm" aria-label={`Open ${business.name}`} onClick={onChoose}>
          Open
        </Button>
      </div>
    </li>
  )
}
