import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useId, useState } from 'react'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import type { PersonWithSignificantControl } from '@/lib/contracts/ownership'
import { describeError } from '@/lib/http/errors'
import { kycReads } from '@/lib/query/shared-queries'
import type { GraphFocusRequest } from './ownership-graph'
import { OwnershipTable } from './ownership-table'
import styles from './ownership.module.css'
import { PscList } from './psc-list'

// xyflow, dagre and xyflow's stylesheet come in their own chunk, once the answer is there.
const OwnershipGraph = dynamic(() => import('./ownership-graph').then((m) => m.OwnershipGraph), {
  ssr: false,
  loading: () => <Skeleton count={4} label="Loading the ownership graph" />,
})

/** The section's anchor in the business review. */
export const OWNERSHIP_ANCHOR = 'ownership'

export interface OwnershipSectionProps {
  businessId: string
  headingLevel?: 2 | 3
}

/**
 * Ownership and control (docs/ownership.md#screens): the persons with significant control and why, the structure as
 * an interactive graph, and the same structure as a table beside it (first on a phone, the only part printed).
 */
export function OwnershipSection({ businessId, headingLevel = 2 }: OwnershipSectionProps) {
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4'
  const graph = useQuery(kycReads.ownership(businessId))
  const [focusRequest, setFocusRequest] = useState<GraphFocusRequest | null>(null)
  const show = (person: PersonWithSignificantControl) =>
    setFocusRequest((previous) => ({ nodeIds: person.nodeIds, sequence: (previous?.sequence ?? 0) + 1 }))
  return (
    <section id={OWNERSHIP_ANCHOR} className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId}>Ownership and control</Heading>
      {graph.isError ? (
        <ErrorState
          message={describeError(graph.error, "We couldn't load the ownership structure.")}
          onRetry={() => void graph.refetch()}
          retrying={graph.isFetching}
          headingLevel={headingLevel === 2 ? 3 : 4}
        />
      ) : !graph.data ? (
        <Skeleton count={4} label="Loading the ownership structure" />
      ) : graph.data.edges.length === 0 ? (
        <EmptyState
          headingLevel={headingLevel === 2 ? 3 : 4}
          title="No shareholders yet"
          description="The structure is drawn once the shareholders are added in the KYC's shareholders step."
        />
      ) : (
        <>
          <SubHeading className={styles.subheading}>Persons with significant control</SubHeading>
          <PscList persons={graph.data.personsWithSignificantControl} onShow={show} />
          <div className={styles.views}>
            <div className={styles.graphArea}>
              <OwnershipGraph graph={graph.data} focusRequest={focusRequest} />
            </div>
            <div className={styles.tableArea}>
              <OwnershipTable graph={graph.data} />
            </div>
          </div>
        </>
      )}
    </section>
  )
}
