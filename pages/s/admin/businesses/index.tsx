import type { ParsedUrlQuery } from 'node:querystring'
import type { GetServerSideProps } from 'next'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { Skeleton } from '@/components/ui/skeleton'
import { portalFrameReads } from '@/features/account/api/account-queries'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { businessListFirstReads } from '@/features/admin-businesses/api/business-list-first-reads'
import { PERMISSIONS } from '@/lib/permissions/names'
import { useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'
import { readPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

// Rendered on the server with the answers below, so the list paints with the page; its chunk comes with the page's
// scripts (next/dynamic) and hydrates with it.
const AdminBusinessList = dynamic(
  () => import('@/features/admin-businesses/components/admin-business-list').then((m) => m.AdminBusinessList),
  { loading: () => <Skeleton count={4} label="Loading the businesses" /> },
)

interface AdminBusinessesPageProps {
  answers: PageAnswers
}

/** What the page reads first: the frame's reads, then the list's page for the address, and its filters' choices. */
const firstReads = (query: ParsedUrlQuery): PageRead[] => [...portalFrameReads(), ...businessListFirstReads('all', query)]

/** The first reads come with the page (server/bff/page-answers.ts): the list paints without waiting for them. */
export const getServerSideProps: GetServerSideProps<AdminBusinessesPageProps> = async ({ req, query }) => ({
  props: {
    answers: await readPageAnswers(
      req,
      firstReads(query).map((read) => read.path),
    ),
  },
})

/** /s/admin/businesses: every business, with the spec's filters in the URL and the CSV export. */
export default function AdminBusinessesPage({ answers }: AdminBusinessesPageProps) {
  useSeededPageAnswers(answers, firstReads(useRouter().query))
  return (
    <PortalPage title="All businesses" access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_BUSINESS] })}>
      {({ account, permissions }) => <AdminBusinessList variant="all" permissions={permissions} currentUserId={account.id} />}
    </PortalPage>
  )
}
