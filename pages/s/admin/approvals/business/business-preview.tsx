import type { ParsedUrlQuery } from 'node:querystring'
import type { GetServerSideProps } from 'next'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { SectionPlaceholder, WhenNearViewport } from '@/components/layouts/when-near-viewport'
import { Skeleton } from '@/components/ui/skeleton'
import { portalFrameReads } from '@/features/account/api/account-queries'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { reviewFirstReads } from '@/features/approvals/api/review-first-reads'
import { loadOwnershipSection } from '@/features/ownership/model/load-ownership-section'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'
import { isRecordId } from '@/lib/session/record-id'
import { readPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

const LOADING = { count: 4, label: 'Loading the business' }
/** The anchors and headings of the sections below the KYC (each section component uses the same). */
const SCREENING = { anchor: 'screening', title: 'Screening' }
const RISK = { anchor: 'risk', title: 'Risk' }
const OWNERSHIP = { anchor: 'ownership', title: 'Ownership and control' }
// Rendered on the server with the answers below, so the review paints with the page; its chunk comes with the page's
// scripts (next/dynamic) and hydrates with it.
const BusinessPreview = dynamic(() => import('@/features/approvals/components/business-preview').then((m) => m.BusinessPreview), {
  loading: () => <Skeleton {...LOADING} />,
})

// The screening, risk and ownership sections sit under the whole KYC: each is its own chunk, kept out of the page's first
// load, and loads with its reads only once the reviewer nears it (WhenNearViewport; an address or a section link
// ending in its anchor goes there at once). Screening is shown only to staff who may read it.
const ScreeningSection = dynamic(
  () => import('@/features/screening/components/business-screening-section').then((m) => m.BusinessScreeningSection),
  { ssr: false, loading: () => <SectionPlaceholder {...SCREENING} /> },
)
const SCREENING_READERS: readonly string[] = [PERMISSIONS.CAN_READ_SCREENING, PERMISSIONS.CAN_ADJUDICATE_SCREENING]

// Risk: for staff who may read the business.
const RiskSection = dynamic(() => import('@/features/risk/components/business-risk-section').then((m) => m.BusinessRiskSection), {
  ssr: false,
  loading: () => <SectionPlaceholder {...RISK} />,
})

// Ownership and control: the graph inside it (xyflow) is one more chunk, asked for with the section's.
const OwnershipSection = dynamic(() => loadOwnershipSection(), {
  ssr: false,
  loading: () => <SectionPlaceholder {...OWNERSHIP} />,
})

interface BusinessPreviewPageProps {
  answers: PageAnswers
}

const businessIdIn = (query: ParsedUrlQuery) => (typeof query.id === 'string' && isRecordId(query.id) ? query.id : null)

/** What the page reads first: the frame's reads, and the review's when the address names the business. */
function firstReads(query: ParsedUrlQuery, answered: PageAnswers = {}): PageRead[] {
  const businessId = businessIdIn(query)
  return [...portalFrameReads(), ...(businessId ? reviewFirstReads(businessId, answered) : [])]
}

/** The first reads come with the page (server/bff/page-answers.ts): the review paints without waiting for them. */
export const getServerSideProps: GetServerSideProps<BusinessPreviewPageProps> = async ({ req, query }) => ({
  props: { answers: await readPageAnswers(req, (answered) => firstReads(query, answered).map((read) => read.path)) },
})

/** /s/admin/approvals/business/business-preview?id=: review one business (KYC, documents, screening, comments, decision). */
export default function BusinessPreviewPage({ answers }: BusinessPreviewPageProps) {
  useSeededPageAnswers(answers, firstReads(useRouter().query, answers))
  return (
    <PortalPage
      title="Business review"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_READ_BUSINESS] })}
    >
      {({ account, permissions }) => (
        <RecordFromUrl
          loading={<Skeleton {...LOADING} />}
          missing={{
            title: 'No business chosen',
            description: 'Open a business from the review queue or a business list.',
            action: { href: paths.approvals.businesses(), label: 'Go to the queue' },
          }}
        >
          {(id) => (
            <BusinessPreview
              key={id}
              businessId={id}
              permissions={permissions}
              currentUserId={account.id}
              memberOf={account.businesses.map((m) => m.businessId)}
              screeningSlot={
                permissions.some((p) => SCREENING_READERS.includes(p))
                  ? ({ business, onAdjudicated }) => (
                      <WhenNearViewport {...SCREENING}>
                        <ScreeningSection
                          businessId={business.id}
                          permissions={permissions}
                          currentUserId={account.id}
                          businessPending={business.approvalStatus === 'PENDING'}
                          onAdjudicated={onAdjudicated}
                        />
                      </WhenNearViewport>
                    )
                  : undefined
              }
              riskSlot={
                permissions.includes(PERMISSIONS.CAN_READ_BUSINESS)
                  ? ({ business }) => (
                      <WhenNearViewport {...RISK}>
                        <RiskSection
                          businessId={business.id}
                          canOverride={permissions.includes(PERMISSIONS.CAN_OVERRIDE_RISK_TIER)}
                        />
                      </WhenNearViewport>
                    )
                  : undefined
              }
              ownershipSlot={({ business }) => (
                <WhenNearViewport {...OWNERSHIP}>
                  <OwnershipSection businessId={business.id} />
                </WhenNearViewport>
              )}
            />
          )}
        </RecordFromUrl>
      )}
    </PortalPage>
  )
}
