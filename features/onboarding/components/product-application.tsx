import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import type { UploadFunction } from '@/components/ui/uploader'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessReads, productReads } from '@/lib/query/shared-queries'
import { clearSourceProduct, getSourceProduct } from '@/lib/session/storage'
import { businessStatus } from '@/lib/status/business-status'
import { kycStatus } from '@/lib/status/kyc-status'
import { productApplicationStatus } from '@/lib/status/product-status'
import { type StatusTarget } from '@/lib/status/view'
import styles from '@/styles/product-screens.module.css'
import { useApply, useRemoveOnboarding } from '../api/onboarding-calls'
import { onboardingQueries } from '../api/onboarding-queries'
import type { OnboardingDetail, Product } from '../api/types'
import { AnswerList } from './answer-list'
import { RequirementForm } from './requirement-form'

export interface ProductApplicationProps {
  productCode: string
  businessId: string
  /** What the signed-in user may do in this business. */
  permissions: ReadonlySet<string>
  /** Test seam for the uploader. */
  upload?: UploadFunction
}

/**
 * `/s/products/ProductKyc`: one product for the chosen business. Not applied yet: what it asks for and "Apply".
 * Applied: the requirement form while it can change (autosaved, then submitted), the answers and the decision after,
 * and whether the business's KYC capture may go on.
 */
export function ProductApplication({ productCode, businessId, permissions, upload }: ProductApplicationProps) {
  const mine = useQuery(onboardingQueries.mine(productCode, businessId))
  const product = useQuery({ ...productReads.offered(productCode), enabled: mine.data === null })

  if (mine.isError) {
    return (
      <ErrorState
        title="Couldn't load your application"
        message={describeError(mine.error)}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    )
  }
  if (mine.data === undefined) return <Skeleton count={5} label="Loading the application" />
  if (mine.data)
    return (
      <Application key={`${mine.data.id}:${mine.data.status}`} detail={mine.data} permissions={permissions} upload={upload} />
    )

  if (product.isError)
    return (
      <ErrorState
        title="Couldn't load the product"
        message={describeError(product.error)}
        onRetry={() => void product.refetch()}
      />
    )
  if (product.data === undefined) return <Skeleton count={4} label="Loading the product" />
  if (product.data === null) {
    return (
      <EmptyState
        title="This product is not offered"
        description={`No product with the code ${productCode} is offered at the moment.`}
        action={
          <Link href={paths.business.products()} className={buttonClassName()}>
            See our products
          </Link>
        }
      />
    )
  }
  return (
    <ApplyPanel
      product={product.data}
      businessId={businessId}
      canApply={permissions.has(PERMISSIONS.CAN_ONBOARD_BUSINESS_PRODUCT)}
    />
  )
}

function ApplyPanel({ product, businessId, canApply }: { product: Product; businessId: string; canApply: boolean }) {
  const apply = useApply()
  const [problems, setProblems] = useState<string[]>([])
  const start = async () => {
    setProblems([])
    try {
      await apply.mutateAsync({ businessId, productCode: product.code })
      if (getSourceProduct() === product.code) clearSourceProduct()
    } catch (error) {
      const errors = getApiErrors(error)
      setProblems(errors.length ? errors.map((e) => e.message) : [describeError(error)])
    }
  }
  return (
    <section className={styles.panel} aria-labelledby="apply-heading">
      <h2 id="apply-heading">{product.name}</h2>
      {product.description && <p className={styles.muted}>{product.description}</p>}
      <p>To apply, you will be asked for:</p>
      <ul>
        {product.requirements.map((r) => (
          <li key={r.key}>
            {r.label}
            {r.type === 'Upload Document' ? ' (document upload)' : ''}
            {r.required ? '' : ' (optional)'}
          </li>
        ))}
      </ul>
      {problems.length > 0 && (
        <div className={styles.alert} role="alert">
          <p>We could not start the application:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.actions}>
        {canApply ? (
          <Button onClick={() => void start()} loading={apply.isPending} loadingText="Starting…">
            Apply for {product.name}
          </Button>
        ) : (
          <p className={styles.muted}>Only an owner of the business can apply for products.</p>
        )}
      </div>
    </section>
  )
}

function Application({
  detail,
  permissions,
  upload,
}: {
  detail: OnboardingDetail
  permissions: ReadonlySet<string>
  upload?: UploadFunction
}) {
  const canEdit = detail.editable && permissions.has(PERMISSIONS.CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT)
  const canRemove = detail.editable && permissions.has(PERMISSIONS.CAN_REMOVE_ONBOARDED_PRODUCT)
  const remove = useRemoveOnboarding(detail.id)
  const [confirming, setConfirming] = useState(false)
  const status = productApplicationStatus(detail.status)

  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="application-heading">
        <div className={styles.toolbar}>
          <h2 id="application-heading">{detail.product.name}</h2>
          <StatusBadge status={detail.status} label={status.label} tone={status.tone} />
        </div>
        <p className={styles.muted}>
          For {detail.business.name}. {status.explanation}
        </p>
        {detail.status === 'DECLINED' && detail.decisionComment && (
          <div className={styles.alert} role="note">
            <p>
              <strong>Reason given:</strong> {detail.decisionComment}
            </p>
          </div>
        )}
        {canEdit ? <RequirementForm detail={detail} upload={upload} /> : <AnswerList detail={detail} />}
        {canRemove && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Withdraw application
            </Button>
          </div>
        )}
      </section>
      <KycProceed id={detail.id} business={detail.business} />
      <ConfirmDialog
        open={confirming}
        title={`Withdraw the ${detail.product.name} application?`}
        description="Your answers are kept on record, but the application is closed. You can apply again later."
        confirmLabel="Withdraw application"
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void remove
            .mutateAsync()
            .then(() => notify('The application was withdrawn.', { type: 'success' }))
            .catch((error: unknown) => notify(describeError(error), { type: 'error' }))
            .finally(() => setConfirming(false))
        }
      />
    </div>
  )
}

function hrefOf(target: StatusTarget, businessId: string): string {
  switch (target) {
    case 'KYC':
      return paths.business.kyc(businessId)
    case 'KYC_PREVIEW':
      return paths.business.kycPreview(businessId)
    case 'DOCUMENTS':
      return paths.business.documents(businessId)
    case 'PRODUCTS':
      return paths.business.products()
    case 'DASHBOARD':
      return paths.business.dashboard(businessId)
  }
}

/**
 * The business's KYC, worded as on the dashboard and the KYC page (lib/status), and whether capture may go on from
 * here (the API's reasons when not).
 */
function KycProceed({ id, business }: { id: string; business: OnboardingDetail['business'] }) {
  const answer = useQuery(onboardingQueries.canProceed(id))
  // The business as the dashboard reads it (with its reviewer and last decision), so both say the same; the
  // application's own summary of it until that has loaded.
  const full = useQuery(businessReads.detail(business.id))
  if (!answer.data) return null
  const businessId = business.id
  const approval = businessStatus(full.data ?? business)
  const kyc = kycStatus(full.data ?? business)
  return (
    <section className={styles.panel} aria-labelledby="kyc-proceed">
      <div className={styles.toolbar}>
        <h2 id="kyc-proceed">Business KYC</h2>
        <span>
          <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />{' '}
          <StatusBadge status={kyc.code} label={kyc.label} tone={kyc.tone} />
        </span>
      </div>
      <p className={styles.muted} data-testid="kyc-status-explanation">
        {approval.code === 'BLOCKED' || approval.code === 'ARCHIVED' ? approval.explanation : kyc.explanation}
      </p>
      {answer.data.canProceed && kyc.next ? (
        <div className={styles.actions}>
          <Link href={hrefOf(kyc.next.target, businessId)} className={buttonClassName({ size: 'sm', variant: 'secondary' })}>
            {kyc.next.label}
          </Link>
        </div>
      ) : (
        answer.data.reasons.length > 0 && (
          <ul>
            {answer.data.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )
      )}
    </section>
  )
}
