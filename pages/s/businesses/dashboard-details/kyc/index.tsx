import type { ParsedUrlQuery } from 'node:querystring'
import type { GetServerSideProps } from 'next'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { Skeleton } from '@/components/ui/skeleton'
import { portalFrameReads } from '@/features/account/api/account-queries'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { kycStepperFirstReads } from '@/features/kyc/api/kyc-first-reads'
import { useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'
import { namedBusinessId } from '@/lib/session/use-selected-business'
import { readPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

// The stepper (its frame, the step list and status rules) is its own chunk, rendered on the server with the answers
// below, so the step paints with the page; its chunk comes with the page's scripts (next/dynamic) and hydrates with it.
const KycStepperScreen = dynamic(() => import('@/features/kyc/components/kyc-stepper-screen').then((m) => m.KycStepperScreen), {
  loading: () => <Skeleton count={6} label="Loading the KYC" />,
})
// Only the address form shows these; they load with it.
const LocationFields = dynamic(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields))

interface KycPageProps {
  answers: PageAnswers
}

const stepIn = (query: ParsedUrlQuery) => (typeof query.step === 'string' ? query.step : null)

/** What the page reads first: the frame's reads, and the stepper's when the address names the business. */
function firstReads(query: ParsedUrlQuery, answered: PageAnswers = {}): PageRead[] {
  const businessId = typeof query.businessId === 'string' ? namedBusinessId(query) : null
  return [...portalFrameReads(), ...(businessId ? kycStepperFirstReads(businessId, stepIn(query), answered) : [])]
}

/** The first reads come with the page (server/bff/page-answers.ts): the step paints without waiting for them. */
export const getServerSideProps: GetServerSideProps<KycPageProps> = async ({ req, query }) => ({
  props: { answers: await readPageAnswers(req, (answered) => firstReads(query, answered).map((read) => read.path)) },
})

export default function KycPage({ answers }: KycPageProps) {
  useSeededPageAnswers(answers, firstReads(useRouter().query, answers))
  return (
    <PortalPage title="Know your customer" documentTitle="KYC" access={businessArea()}>
      {({ account, permissions }) => (
        <KycStepperScreen
          account={account}
          permissions={permissions}
          locationFields={(names) => <LocationFields names={names} />}
        />
      )}
    </PortalPage>
  )
}
