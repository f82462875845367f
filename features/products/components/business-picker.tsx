import { useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button, buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { businessReads } from '@/lib/query/shared-queries'
import { setBusinessId } from '@/lib/session/storage'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import styles from '@/styles/product-screens.module.css'
import type { BusinessChoice } from '../model/business-choice'

const resolver = lazyZodResolver<BusinessChoice>(() => import('../model/business-choice').then((m) => m.businessChoiceSchema))

/**
 * For a user who has not chosen a business in this tab: none yet → register one first (the chosen product is kept);
 * several → choose which applies. The choice goes into the URL and session storage (`businessId`).
 */
export function BusinessPicker({ purpose = 'to see its products' }: { purpose?: string }) {
  const router = useRouter()
  const businesses = useQuery(businessReads.mine())
  const form = useForm<BusinessChoice>({ resolver, defaultValues: { businessId: '' } })
  const chosen = useWatch({ control: form.control, name: 'businessId' })

  useEffect(() => void resolver.preload(), [])

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
    <Form form={form} onSubmit={({ businessId }) => choose(businessId)} className={styles.panel} aria-label="Which business?">
      <h2>Which business?</h2>
      <p className={styles.muted}>Choose the business {purpose}.</p>
      <SelectField<BusinessChoice>
        name="businessId"
        label="Business"
        placeholder="Select a business"
        options={businesses.data.map((b) => ({ value: b.id, label: `${b.name} (${b.regNo})` }))}
        required
        className={styles.search}
        selectClassName={styles.select}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={!chosen}>
          Continue
        </Button>
      </div>
    </Form>
  )
}
