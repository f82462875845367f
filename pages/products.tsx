import type { GetServerSideProps } from 'next'
import { useRouter } from 'next/router'
import { PublicPage } from '@/components/layouts/public-page'
import { catalogueFirstReads } from '@/features/products/api/catalogue-first-reads'
import { ProductCatalogue } from '@/features/products/components/product-catalogue'
import { useSeededPageAnswers } from '@/lib/query/page-answers'
import { readPublicPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

interface ProductsPageProps {
  answers: PageAnswers
}

/** The catalogue's first reads come with the page (server/bff/page-answers.ts): the cards paint with it. */
export const getServerSideProps: GetServerSideProps<ProductsPageProps> = async ({ req, query }) => ({
  props: {
    answers: await readPublicPageAnswers(
      req,
      catalogueFirstReads(query).map((read) => read.path),
    ),
  },
})

/** Public: the products offered, by category; no sign-in needed. */
export default function ProductsPage({ answers }: ProductsPageProps) {
  useSeededPageAnswers(answers, catalogueFirstReads(useRouter().query))
  return (
    <PublicPage title="Products" links={['login', 'signup']}>
      <h1>Our products</h1>
      <p>Choose what your business needs. Applying takes a few minutes once your business is registered.</p>
      <ProductCatalogue />
    </PublicPage>
  )
}
