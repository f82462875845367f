import { useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useId, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { businessReads } from '@/lib/query/shared-queries'
import { setBusinessId } from '@/lib/session/storage'
import styles from '@/styles/product-screens.module.css'

/**
 * For a user who has not chosen a business in this tab: none yet → register one first (the chosen product is kept);
 * several → choose which applies. The choice goes into the URL and session storage (`businessId`).
 */
export function BusinessPicker({ purpose = 'to see its products' }: { purpose?: string }) {
  const router = useRouter()
  const businesses = useQuery(businessReads.mine())
  const [chosen, setChosen] = useState('')
  const selectId = useId()

  if (businesses.isError) {
    return (
      <ErrorState
        title="Couldn't load your businesses"
        message={describeError(businesses.error)}
        onRetry={() => void businesses.refetch()}
      />
    )
  }
  if (!businesses.data) return <Skeleton count={2} label="Loading your businesses" />
  if (businesses.data.length === 0) {
    return (
      <EmptyState
        title="Register your business first"
        description="Products are applied for by a business. Register yours; the product you chose stays remembered, and you will find it under Products."
        action={
          <Link href={paths.business.create()} className={buttonClassName()}>
            Register a business
          </Link>
        }
      />
    )
  }
  const choose = (id: string) => {
    setBusinessId(id)
    void router.replace({ pathname: router.pathname, query: { ...router.query, businessId: id } }, undefined, { shallow: true })
  }
  return (
    <form
      className={styles.panel}
      onSubmit={(e) => {
        e.preventDefault()
        if (chosen) choose(chosen)
      }}
    >
      <h2>Which business?</h2>
      <p className={styles.muted}>Choose the business {purpose}.</p>
      <div className={styles.search}>
        <label htmlFor={selectId}>Business</label>
        <select id={selectId} className={styles.select} value={chosen} onChange={(e) => setChosen(e.target.value)} required>
          <option value="">Select a business</option>
          {businesses.data.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} ({b.regNo})
            </option>
          ))}
        </select>
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={!chosen}>
          Continue
        </Button>
      </div>
    </form>
  )
}
