import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Modal } from '@/components/ui/modal'
import { Pagination } from '@/components/ui/pagination'
import { Skeleton } from '@/components/ui/skeleton'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { productReads } from '@/lib/query/shared-queries'
import { isLoggedIn, setSourceProduct } from '@/lib/session/storage'
import styles from '@/styles/product-screens.module.css'
import { CATALOGUE_PAGE_SIZE } from '../api/catalogue-first-reads'
import { productQueries } from '../api/product-queries'
import type { Product } from '../api/types'

const SEARCH_DELAY_MS = 300
const FILTER_KEYS = ['categoryId', 'searchKey'] as const

/** The catalogue's page (`pageNumber`) and filters in the URL; 24 cards a page, no other size offered. */
const useCatalogueUrlState = () =>
  useTableUrlState({ filterKeys: FILTER_KEYS, defaultPageSize: CATALOGUE_PAGE_SIZE, pageSizeOptions: [CATALOGUE_PAGE_SIZE] })

/** "2 details and 1 document": what applying asks for. */
export function requirementSummary(product: Pick<Product, 'requirements'>): string {
  const texts = product.requirements.filter((r) => r.type === 'Text Input').length
  const uploads = product.requirements.length - texts
  const parts = [
    texts ? `${texts} ${texts === 1 ? 'detail' : 'details'}` : null,
    uploads ? `${uploads} ${uploads === 1 ? 'document' : 'documents'}` : null,
  ]
  return parts.filter(Boolean).join(' and ') || 'nothing more'
}

/** Consecutive products of the same category (the API sorts the catalogue by category). */
function byCategory(products: readonly Product[]) {
  const groups: { category: string; products: Product[] }[] = []
  for (const product of products) {
    const last = groups.at(-1)
    if (last?.category === product.category.name) last.products.push(product)
    else groups.push({ category: product.category.name, products: [product] })
  }
  return groups
}

export interface ProductCardProps {
  product: Product
  headingLevel?: 2 | 3
  /** The card's actions (apply, continue, status…). */
  children: ReactNode
}

/** One product: name, description, what applying asks for, and its actions. */
export function ProductCard({ product, children }: ProductCardProps) {
  return (
    <li className={styles.card}>
      <h3>{product.name}</h3>
      {product.description && <p className={styles.muted}>{product.description}</p>}
      <details className={styles.needs}>
        <summary>You will be asked for {requirementSummary(product)}</summary>
        <ul>
          {product.requirements.map((r) => (
            <li key={r.key}>
              {r.label}
              {r.type === 'Upload Document' ? ' (document)' : ''}
              {r.required ? '' : ' (optional)'}
            </li>
          ))}
        </ul>
      </details>
      <div className={styles.cardActions}>{children}</div>
    </li>
  )
}

/** Category chips and a search box, kept in the URL (`categoryId`, `searchKey`). */
export function CatalogueFilters() {
  const { filters, setFilter, isReady } = useCatalogueUrlState()
  const categories = useQuery(productQueries.categories())
  const [typed, setTyped] = useState<string | null>(null)
  const searchKey = filters.searchKey ?? ''
  const searchId = useId()

  useEffect(() => {
    if (typed === null || typed.trim() === searchKey) return
    const timer = setTimeout(() => setFilter('searchKey', typed.trim() || null), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed, searchKey, setFilter])

  const selected = filters.categoryId ?? ''
  const choose = (categoryId: string) => setFilter('categoryId', categoryId || null)
  return (
    <div className={styles.toolbar}>
      <ul className={styles.categories} aria-label="Categories">
        <li>
          <button type="button" className={styles.chip} aria-pressed={selected === ''} onClick={() => choose('')}>
            All products
          </button>
        </li>
        {categories.data
          ?.filter((c) => c.productCount > 0)
          .map((c) => (
            <li key={c.id}>
              <button type="button" className={styles.chip} aria-pressed={selected === c.id} onClick={() => choose(c.id)}>
                {c.name} ({c.productCount})
              </button>
            </li>
          ))}
      </ul>
      <div className={styles.search} role="search">
        <label htmlFor={searchId}>Search products</label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          value={typed ?? searchKey}
          disabled={!isReady}
          placeholder="Name or code"
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
    </div>
  )
}

/** The offered products of the URL's page, grouped by category; `renderActions` fills each card. */
export function CatalogueList({
  renderActions,
  emptyAction,
}: {
  renderActions: (product: Product) => ReactNode
  emptyAction?: ReactNode
}) {
  const table = useCatalogueUrlState()
  const query = table.filters
  const filters = {
    pageNumber: table.pageNumber,
    pageSize: table.pageSize,
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    ...(query.searchKey ? { searchKey: query.searchKey } : {}),
  }
  const products = useQuery({ ...productReads.catalogue(filters), enabled: table.isReady, placeholderData: keepPreviousData })

  if (products.isError) {
    return (
      <ErrorState
        title="Couldn't load the products"
        message={describeError(products.error, "We couldn't load the products. Check your connection and try again.")}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      />
    )
  }
  if (!products.data) return <Skeleton count={6} label="Loading the products" />
  if (products.data.content.length === 0) {
    return (
      <EmptyState
        title={query.searchKey || query.categoryId ? 'No product matches' : 'No products are offered yet'}
        description={query.searchKey || query.categoryId ? 'Try another category or search.' : 'Please check back soon.'}
        action={emptyAction}
      />
    )
  }
  return (
    <div className={styles.stack} aria-busy={products.isPlaceholderData || undefined}>
      {byCategory(products.data.content).map((group) => (
        <section key={group.category} className={styles.group} aria-label={group.category}>
          <h2>{group.category}</h2>
          <ul className={styles.cards}>
            {group.products.map((product) => (
              <ProductCard key={product.id} product={product}>
                {renderActions(product)}
              </ProductCard>
            ))}
          </ul>
        </section>
      ))}
      {/* Cards grouped by category, not a table: the pager of DataTable on its own. */}
      <Pagination
        pageNumber={table.pageNumber}
        pageSize={table.pageSize}
        totalElements={products.data.totalElements}
        onPageChange={table.setPageNumber}
        label="Product pages"
      />
    </div>
  )
}

/**
 * `/products`: the public catalogue. Choosing a product remembers it (localStorage `sourceProduct`) and leads a
 * visitor to sign up or sign in, after which login takes them to that product's application; a signed-in user goes
 * there at once.
 */
export function ProductCatalogue() {
  const router = useRouter()
  const [chosen, setChosen] = useState<Product | null>(null)

  const choose = (product: Product) => {
    setSourceProduct(product.code)
    if (isLoggedIn()) void router.push(paths.business.productApplication(product.code))
    else setChosen(product)
  }

  return (
    <div className={styles.stack}>
      <CatalogueFilters />
      <CatalogueList
        renderActions={(product) => (
          <Button size="sm" onClick={() => choose(product)} aria-label={`Apply for ${product.name}`}>
            Apply
          </Button>
        )}
      />
      <Modal
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={chosen ? `Apply for ${chosen.name}` : 'Apply'}
        description="Create an account for your business, or sign in. We will take you straight to this product's application."
        footer={
          <>
            <Link href={paths.auth.login()} className={buttonClassName({ variant: 'secondary' })}>
              Sign in
            </Link>
            <Link href={paths.auth.signup()} className={buttonClassName()}>
              Create an account
            </Link>
          </>
        }
      >
        <p className={styles.muted}>
          It takes a few minutes: you will register your business, then answer {chosen ? requirementSummary(chosen) : ''}.
        </p>
      </Modal>
    </div>
  )
}
