import { PublicPage } from '@/components/layouts/public-page'
import { ProductCatalogue } from '@/features/products/components/product-catalogue'

/** Public: the products offered, by category; no sign-in needed. */
export default function ProductsPage() {
  return (
    <PublicPage title="Products" links={['login', 'signup']}>
      <h1>Our products</h1>
      <p>Choose what your business needs. Applying takes a few minutes once your business is registered.</p>
      <ProductCatalogue />
    </PublicPage>
  )
}
