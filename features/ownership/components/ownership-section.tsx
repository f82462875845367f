import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useId, useState } from 'react'
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

/** When the graph's chunk is loaded and evaluated: for the bench (bench/ownership-graph.ts). */
export const GRAPH_CHUNK_MARK = 'ownership-graph:chunk-loaded'

type GraphModule = typeof import('./ownership-graph')
let loadedGraph: GraphModule | null = null
let graphLoading: Promise<GraphModule> | null = null
const loadGraphView = () =>
  (graphLoading ??= import('./ownership-graph').then(
    (m) => {
      performance.mark(GRAPH_CHUNK_MARK)
      return (loadedGraph = m)
    },
    (error: unknown) => {
      graphLoading = null
      throw error
    },
  ))

/**
 * xyflow and its stylesheet come in their own chunk, asked for by the page with the section's chunk
 * (model/load-ownership-section.ts) and here again when the section mounts (the same module, loaded once), not after
 * the ownership answer: the graph is drawn as soon as the answer is there (issue 40's ≤ 300 ms).
 */
function useGraphView() {
  const [view, setView] = useState<{ module: GraphModule | null; failed: boolean }>(() => ({
    module: loadedGraph,
    failed: false,
  }))
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (view.module) return
    let live = true
    loadGraphView().then(
      (module) => live && setView({ module, failed: false }),
      () => live && setView({ module: null, failed: true }),
    )
    return () => {
      live = false
    }
  }, [view.module, attempt])
  const retry = () => {
    setView({ module: null, failed: false })
    setAttempt((n) => n + 1)
  }
  return { ...view, retry }
}

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
  // The table's hundreds of rows are drawn in a render of their own after the one that draws the graph (React's deferred
  // render, which yields to the browser): the graph's first frame does not wait for them (issue 40's ≤ 300 ms).
  const tableGraph = useDeferredValue(graph.data)
  const graphChunk = useGraphView()
  const OwnershipGraph = graphChunk.module?.OwnershipGraph
  const GraphStyles = graphChunk.module?.OwnershipGraphStyles
  const [focusRequest, setFocusRequest] = useState<GraphFocusRequest | null>(null)
  const show = (person: PersonWithSignificantControl) =>
    setFocusRequest((previous) => ({ nodeIds: person.nodeIds, sequence: (previous?.sequence ?? 0) + 1 }))
  return (
    <section id={OWNERSHIP_ANCHOR} className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId}>Ownership and control</Heading>
      {GraphStyles && <GraphStyles />}
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
              {OwnershipGraph ? (
                <OwnershipGraph graph={graph.data} focusRequest={focusRequest} />
              ) : graphChunk.failed ? (
                <ErrorState
                  message="We couldn't load the graph. The table says the same."
                  onRetry={graphChunk.retry}
                  headingLevel={headingLevel === 2 ? 3 : 4}
                />
              ) : (
                <Skeleton count={4} label="Loading the ownership graph" />
              )}
            </div>
            <div className={styles.tableArea}>
              {tableGraph ? <OwnershipTable graph={tableGraph} /> : <Skeleton count={4} label="Loading the table" />}
            </div>
          </div>
        </>
      )}
    </section>
  )
}
