import { useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { PendingChanges } from '@/components/ui/pending-changes'
import { SelectField } from '@/components/ui/select-field'
import { SentForApproval } from '@/components/ui/sent-for-approval'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { createProductSchema } from '@/lib/contracts/products'
import { SENT_FOR_APPROVAL } from '@/lib/http/config-answer'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { authorizationReads, referenceReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import styles from '@/styles/product-screens.module.css'
import { useCreateProduct, useSetProductLive, useUpdateProduct } from '../api/product-calls'
import { productQueries } from '../api/product-queries'
import type { Product } from '../api/types'
import { ProductBusinesses } from './product-businesses'
import { RequirementsBuilder, type RequirementRow } from './requirements-builder'

export interface ProductFormValues {
  code: string
  name: string
  description: string
  categoryId: string
  divisionId: string
  kycDocumentTypeIds: string[]
  requirements: RequirementRow[]
}
type ProductFormOutput = z.output<typeof createProductSchema>

const createResolver = lazyZodResolver<ProductFormValues, ProductFormOutput>(() =>
  import('@/lib/contracts/products').then((m) => m.createProductSchema as never),
)
const editResolver = lazyZodResolver<ProductFormValues, ProductFormOutput>(() =>
  import('@/lib/contracts/products').then((m) => m.productEditSchema as never),
)

function valuesOf(product: Product | null): ProductFormValues {
  return {
    code: product?.code ?? '',
    name: product?.name ?? '',
    description: product?.description ?? '',
    categoryId: product?.categoryId ?? '',
    divisionId: product?.divisionId ?? '',
    kycDocumentTypeIds: product?.kycDocumentTypeIds ?? [],
    requirements: (product?.requirements ?? []).map((r) => ({
      key: r.key,
      label: r.label,
      type: r.type,
      required: r.required,
      help: r.help ?? '',
    })),
  }
}

export interface ProductEditorProps {
  /** Absent: a new product. */
  productId?: string | null
  canUpdate: boolean
  canGoLive: boolean
  canReadBusinesses: boolean
}

/** `/s/admin/product-config/details`: create or edit a product, its requirements, KYC documents, active and live. */
export function ProductEditor({ productId, ...rights }: ProductEditorProps) {
  const product = useQuery({ ...productQueries.adminDetail(productId ?? ''), enabled: !!productId })
  if (!productId) return <ProductForm product={null} {...rights} />
  if (product.isError) {
    return (
      <ErrorState
        title="Couldn't load the product"
        message={describeError(product.error)}
        onRetry={() => void product.refetch()}
        retrying={product.isFetching}
      />
    )
  }
  if (!product.data) return <Skeleton count={8} label="Loading the product" />
  return (
    <div className={styles.stack}>
      <ProductSwitches product={product.data} canUpdate={rights.canUpdate} canGoLive={rights.canGoLive} />
      <ProductForm key={`${product.data.id}:${product.data.updatedAt}`} product={product.data} {...rights} />
      {rights.canReadBusinesses && <ProductBusinesses code={product.data.code} />}
    </div>
  )
}

function ProductForm({ product, canUpdate }: { product: Product | null } & Omit<ProductEditorProps, 'productId'>) {
  const router = useRouter()
  const isNew = !product
  const resolver = isNew ? createResolver : editResolver
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({ resolver, defaultValues: valuesOf(product) })
  const create = useCreateProduct()
  const update = useUpdateProduct(product?.id ?? '')
  const categories = useQuery(productQueries.categories())
  const divisions = useQuery(referenceReads.divisions())
  const [sentFor, setSentFor] = useState<string | null>(null)

  useEffect(() => void resolver.preload(), [resolver])

  const save = async (values: ProductFormOutput) => {
    setSentFor(null)
    try {
      if (isNew) {
        const answer = await create.mutateAsync(values)
        if (answer.pending) {
          // Nothing exists yet (FOUR_EYES_CONFIG): the request is what there is to see.
          notify(SENT_FOR_APPROVAL, { type: 'success' })
          await router.push(paths.admin.authorizationDetails(answer.authorization.id))
          return
        }
        const created = answer.record
        notify(`${created.name} was created. It is not live yet.`, { type: 'success' })
        await router.replace(paths.admin.productConfigDetails(created.id))
      } else {
        const { code: _code, ...changes } = values
        const answer = await update.mutateAsync(changes)
        if (answer.pending) {
          setSentFor(answer.authorization.id)
          notify(SENT_FOR_APPROVAL, { type: 'success' })
          return
        }
        const saved = answer.record
        notify(
          saved.requirementsVersion !== product.requirementsVersion
            ? `Saved: requirements version ${saved.requirementsVersion}.`
            : 'Saved.',
          { type: 'success' },
        )
      }
    } catch (error) {
      const errors = getApiErrors(error)
      let focused = false
      for (const e of errors) {
        if (!e.field) continue
        form.setError(e.field as Path<ProductFormValues>, { type: 'server', message: e.message }, { shouldFocus: !focused })
        focused = true
      }
      if (!focused) form.setError('root.server', { message: describeError(error) })
    }
  }

  return (
    <Form form={form} onSubmit={save} aria-label={isNew ? 'New product' : `${product.name} settings`} className={styles.panel}>
      {/* The page's heading already says "New product". */}
      <h2>Details</h2>
      <SentForApproval authorizationId={sentFor} />
      <fieldset className={styles.fieldset} disabled={!canUpdate}>
        <legend className={styles.small}>Product</legend>
        {/* One above the other: the code's hint sits between its label and its box, so side by side the boxes did not line up. */}
        <TextField name="name" label="Name" required />
        {isNew ? (
          <TextField
            name="code"
            label="Code"
            hint="Upper-case letters, digits and dashes, e.g. POS-ACQUIRING. It cannot change later."
            required
            autoCapitalize="characters"
          />
        ) : (
          <div className={styles.stackTight}>
            <span className={styles.small}>Code</span>
            <strong>{product.code}</strong>
          </div>
        )}
        <TextAreaField name="description" label="Description (optional)" rows={3} />
        <div className={styles.row}>
          <SelectField
            name="categoryId"
            label="Category"
            placeholder="Select a category"
            required
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
          <SelectField
            name="divisionId"
            label="Division"
            placeholder="Select a division"
            required
            options={(divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </div>
      </fieldset>
      <DocumentTypesField
        disabled={!canUpdate}
        control={form.control}
        setValue={(ids) => form.setValue('kycDocumentTypeIds', ids, { shouldDirty: true })}
      />
      <RequirementsBuilder disabled={!canUpdate} />
      {canUpdate && (
        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
            {isNew ? 'Create product' : 'Save changes'}
          </Button>
          <Link href={paths.admin.productConfig()}>Back to products</Link>
        </div>
      )}
    </Form>
  )
}

/** The KYC document types the product needs: a checkbox per type (`GET /kyc-document-types`). */
function DocumentTypesField({
  disabled,
  control,
  setValue,
}: {
  disabled: boolean
  control: ReturnType<typeof useForm<ProductFormValues, unknown, ProductFormOutput>>['control']
  setValue: (ids: string[]) => void
}) {
  const types = useQuery(referenceReads.documentTypes())
  const chosen = useWatch({ control, name: 'kycDocumentTypeIds' }) ?? []
  const toggle = (id: string, on: boolean) => setValue(on ? [...chosen, id] : chosen.filter((x) => x !== id))
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend>KYC documents needed</legend>
      {types.isError ? (
        <p className={styles.muted}>The document types could not be loaded.</p>
      ) : !types.data ? (
        <Skeleton count={2} label="Loading the document types" />
      ) : (
        <div className={styles.checks}>
          {types.data
            .filter((t) => t.isActive || chosen.includes(t.id))
            .map((t) => (
              <label key={t.id} className={styles.check}>
                <input type="checkbox" checked={chosen.includes(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
                <span>{t.name}</span>
              </label>
            ))}
        </div>
      )}
    </fieldset>
  )
}

/** Active and live, each switched with a confirmation; going live lists what is missing when refused. */
function ProductSwitches({ product, canUpdate, canGoLive }: { product: Product; canUpdate: boolean; canGoLive: boolean }) {
  // A request waiting on this product (a change or a go-live: one at a time) is shown here, and no second one offered.
  const pendingRequests = useQuery(authorizationReads.pending('product'))
  const waiting = (pendingRequests.data ?? []).filter((p) => p.resourceId === product.id)
  const update = useUpdateProduct(product.id)
  const goLive = useSetProductLive(product.id)
  const [pending, setPending] = useState<'active' | 'live' | null>(null)
  const [problems, setProblems] = useState<string[]>([])
  const [sentFor, setSentFor] = useState<string | null>(null)

  const confirm = async () => {
    setProblems([])
    setSentFor(null)
    try {
      const answer =
        pending === 'active' ? await update.mutateAsync({ active: !product.active }) : await goLive.mutateAsync(!product.live)
      if (answer.pending) {
        setSentFor(answer.authorization.id)
        notify(SENT_FOR_APPROVAL, { type: 'success' })
      } else if (pending === 'active') {
        notify(
          product.active ? `${product.name} is inactive: businesses no longer see it.` : `${product.name} is active again.`,
          { type: 'success' },
        )
      } else {
        notify(product.live ? `${product.name} is withdrawn from sale.` : `${product.name} is live: businesses can apply.`, {
          type: 'success',
        })
      }
    } catch (error) {
      const errors = getApiErrors(error)
      setProblems(errors.length ? errors.map((e) => e.message) : [describeError(error)])
    } finally {
      setPending(null)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="availability">
      <h2 id="availability">Availability</h2>
      <PendingChanges pending={waiting} sentFor={sentFor} />
      <div className={styles.switches}>
        <div className={styles.switchRow}>
          <p>
            Active: <StatusBadge status={product.active ? 'ACTIVE' : 'INACTIVE'} />{' '}
            <span className={styles.muted}>Inactive products are hidden from businesses, live or not.</span>
          </p>
          {canUpdate && !waiting.length && (
            <Button size="sm" variant={product.active ? 'danger' : 'secondary'} onClick={() => setPending('active')}>
              {product.active ? 'Deactivate' : 'Activate'}
            </Button>
          )}
        </div>
        <div className={styles.switchRow}>
          <p>
            Live: <StatusBadge status={product.live ? 'COMPLETED' : 'DRAFT'} label={product.live ? 'Live' : 'Not live'} />{' '}
            <span className={styles.muted}>Only live products are offered to businesses.</span>
          </p>
          {canGoLive && !waiting.length && (
            <Button size="sm" variant={product.live ? 'danger' : 'primary'} onClick={() => setPending('live')}>
              {product.live ? 'Withdraw from sale' : 'Go live'}
            </Button>
          )}
        </div>
      </div>
      {problems.length > 0 && (
        <div className={styles.alert} role="alert">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending === 'active'
            ? product.active
              ? `Deactivate ${product.name}?`
              : `Activate ${product.name}?`
            : product.live
              ? `Withdraw ${product.name} from sale?`
              : `Take ${product.name} live?`
        }
        description={
          pending === 'active'
            ? product.active
              ? 'Businesses will no longer see it or apply. Applications already made stay as they are.'
              : 'It becomes visible again if it is live.'
            : product.live
              ? 'Businesses can no longer apply. Applications already made stay as they are.'
              : 'Businesses will see it in the catalogue and can apply.'
        }
        confirmLabel={pending === 'active' ? (product.active ? 'Deactivate' : 'Activate') : product.live ? 'Withdraw' : 'Go live'}
        destructive={pending === 'active' ? product.active : product.live}
        busy={update.isPending || goLive.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  )
}
