import {
  getSmoothStepPath,
  Handle,
  MarkerType,
  Panel,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStoreApi,
  type Edge,
  type EdgeProps,
  type FitViewOptions,
  type Node,
  type NodeProps,
} from '@xyflow/react'
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react'
import { cx } from '@/components/ui/cx'
import type { OwnershipGraph as OwnershipGraphData, OwnershipGraphNode } from '@/lib/contracts/ownership'
import { layoutOwnership } from '@/lib/kyc/ownership-layout'
import { edgeLabel, NODE_KIND_LABELS, pepLabel, reasonsInWords, RELATION_WORDS, screeningLabel } from '@/lib/kyc/ownership-words'
import { nextNodeId, nodeDetails } from '../model/graph-navigation'
import { XYFLOW_CSS } from '../model/xyflow-css'
import styles from './ownership.module.css'

/** When the graph starts laying out, and when every node is drawn in place: for the bench (bench/ownership-graph.ts). */
export const LAYOUT_START_MARK = 'ownership-graph:layout-start'
export const LAID_OUT_MARK = 'ownership-graph:laid-out'

const NODE_WIDTH = 210
const NODE_HEIGHT = 92

/** A request to move the focus to these nodes (a person with significant control in the list); a new sequence each time. */
export interface GraphFocusRequest {
  nodeIds: readonly string[]
  sequence: number
}

type EntityNode = Node<{ entity: OwnershipGraphNode }, 'entity'>
type OwnershipEdge = Edge<Record<string, never>, 'ownership'>

/**
 * Which node has the keyboard focus (the one in the Tab order) and which are highlighted ("Show in the graph"), kept
 * outside React state: a node reads only whether it is the one, so moving the focus redraws two nodes, not 201.
 */
class FocusStore {
  private listeners = new Set<() => void>()
  constructor(
    public focusedId: string | null,
    public highlighted: ReadonlySet<string> = new Set(),
  ) {}
  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  set(change: { focusedId?: string | null; highlighted?: ReadonlySet<string> }) {
    if (change.focusedId !== undefined) this.focusedId = change.focusedId
    if (change.highlighted) this.highlighted = change.highlighted
    for (const listener of this.listeners) listener()
  }
}

interface GraphKeyboard {
  focus: FocusStore
  onFocus: (id: string) => void
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, id: string) => void
}
const GraphKeyboardContext = createContext<GraphKeyboard | null>(null)

const KIND_CLASS = {
  BUSINESS: styles.kindBusiness,
  COMPANY: styles.kindCompany,
  TRUST: styles.kindTrust,
  PERSON: styles.kindPerson,
  NOMINEE: styles.kindNominee,
}

/** One entity: its kind in words and by shape, its name, and for a person the control, screening and PEP status. */
const EntityNodeView = memo(function EntityNodeView({ id, data }: NodeProps<EntityNode>) {
  const keyboard = useContext(GraphKeyboardContext)!
  const focused = useSyncExternalStore(keyboard.focus.subscribe, () => keyboard.focus.focusedId === id)
  const highlighted = useSyncExternalStore(keyboard.focus.subscribe, () => keyboard.focus.highlighted.has(id))
  const e = data.entity
  const psc = e.significantControl.length > 0
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className={styles.handle} />
      <button
        type="button"
        data-node-id={id}
        tabIndex={focused ? 0 : -1}
        aria-current={focused ? 'true' : undefined}
        className={cx(styles.node, KIND_CLASS[e.kind], psc && styles.nodePsc, highlighted && styles.nodeRequested)}
        onFocus={() => keyboard.onFocus(id)}
        onClick={() => keyboard.onFocus(id)}
        onKeyDown={(event) => keyboard.onKeyDown(event, id)}
      >
        <span className={styles.nodeKind}>{NODE_KIND_LABELS[e.kind]}</span>
        <span className={styles.nodeName}>{e.name}</span>
        {psc && <span className={styles.nodeControl}>Significant control: {reasonsInWords(e.significantControl)}</span>}
        {e.kind === 'PERSON' && (
          <span className={styles.nodeStatus}>{[screeningLabel(e), pepLabel(e)].filter(Boolean).join(' · ')}</span>
        )}
      </button>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={styles.handle} />
    </>
  )
})

/**
 * A holding or a role: xyflow's square path with its label as SVG text on a halo of the background colour. xyflow's
 * own label measures each text (`getBBox`) after drawing and draws the edge again to put a box behind it: for 200
 * edges that was a forced layout each and a second render of every edge.
 */
const OwnershipEdgeView = memo(function OwnershipEdgeView(props: EdgeProps<OwnershipEdge>) {
  const [path, labelX, labelY] = getSmoothStepPath(props)
  return (
    <>
      <path d={path} className="react-flow__edge-path" markerStart={props.markerStart} />
      {props.label ? (
        <text x={labelX} y={labelY} className={styles.edgeLabel}>
          {props.label}
        </text>
      ) : null}
    </>
  )
})

const NODE_TYPES = { entity: EntityNodeView }
const EDGE_TYPES = { ownership: OwnershipEdgeView }
const FIT_VIEW: FitViewOptions = { maxZoom: 1, minZoom: 0.05, padding: 0.1 }
const MARKER = { type: MarkerType.ArrowClosed, width: 16, height: 16 }

/** Zoom in, zoom out and fit, as buttons named in words (xyflow's own panel is a named div without a role). */
function ZoomControls() {
  const flow = useReactFlow()
  return (
    <Panel position="top-right" role="group" aria-label="Zoom" className={styles.zoom}>
      <button type="button" onClick={() => void flow.zoomIn({ duration: 150 })}>
        Zoom in
      </button>
      <button type="button" onClick={() => void flow.zoomOut({ duration: 150 })}>
        Zoom out
      </button>
      <button type="button" onClick={() => void flow.fitView({ duration: 150, maxZoom: 1, minZoom: 0.05, padding: 0.1 })}>
        Fit
      </button>
    </Panel>
  )
}

export interface OwnershipGraphProps {
  graph: OwnershipGraphData
  focusRequest?: GraphFocusRequest | null
}

/**
 * The ownership structure drawn (docs/ownership.md#screens): dagre lays it out top to bottom, the business at the top,
 * each holder under what it holds. Keyboard: Tab enters the graph on one node; the arrow keys move between nodes
 * (up to what a node holds, down to its holders, left and right along a layer), Home and End to the first and last;
 * the focused node's details are said under the graph.
 */
export function OwnershipGraph(props: OwnershipGraphProps) {
  return (
    <ReactFlowProvider>
      <Graph {...props} />
    </ReactFlowProvider>
  )
}

function Graph({ graph, focusRequest }: OwnershipGraphProps) {
  const flow = useReactFlow()
  const containerRef = useRef<HTMLDivElement>(null)
  const instructionsId = useId()
  const detailsId = useId()
  const laidOut = useMemo(() => {
    performance.mark(LAYOUT_START_MARK)
    return layoutOwnership(graph, { nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT })
  }, [graph])
  const nodes = useMemo<EntityNode[]>(
    () =>
      graph.nodes.map((entity) => ({
        id: entity.id,
        type: 'entity',
        position: laidOut.positions.get(entity.id) ?? { x: 0, y: 0 },
        data: { entity },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        // Known size (as measured, so xyflow's first observation of each node finds nothing changed and does not
        // draw them all again) and handle places, so the nodes and edges are drawn without waiting for a measurement.
        measured: { width: NODE_WIDTH, height: NODE_HEIGHT },
        handles: [
          { type: 'target', position: Position.Top, x: NODE_WIDTH / 2, y: 0, width: 1, height: 1 },
          { type: 'source', position: Position.Bottom, x: NODE_WIDTH / 2, y: NODE_HEIGHT, width: 1, height: 1 },
        ],
        draggable: false,
        connectable: false,
        selectable: false,
        focusable: false,
        // xyflow gives every node a role description; without a role (ours are not focusable) that is an ARIA error.
        domAttributes: { 'aria-roledescription': undefined },
      })),
    [graph, laidOut],
  )
  const edges = useMemo<OwnershipEdge[]>(() => {
    const name = new Map(graph.nodes.map((n) => [n.id, n.name]))
    return graph.edges.map((e) => ({
      id: e.id,
      ariaLabel: `${name.get(e.target)} ${RELATION_WORDS[e.kind]} ${name.get(e.source)}: ${edgeLabel(e)}`,
      source: e.source,
      target: e.target,
      type: 'ownership' as const,
      label: edgeLabel(e),
      markerStart: MARKER,
      className: e.kind === 'HOLDING' ? styles.edgeHolding : styles.edgeRole,
      focusable: false,
      selectable: false,
    }))
  }, [graph])

  const [focus] = useState(() => new FocusStore(graph.nodes[0]?.id ?? null))

  const bringIntoView = useCallback(
    (id: string) => {
      const box = containerRef.current
      const position = laidOut.positions.get(id)
      if (!box || !position) return
      // The browser scrolls the clipped pane to a focused node; xyflow moves by its viewport, so undo that scroll.
      box.querySelectorAll<HTMLElement>('.react-flow, .react-flow__renderer').forEach((el) => {
        el.scrollTop = 0
        el.scrollLeft = 0
      })
      const { x, y, zoom } = flow.getViewport()
      const left = position.x * zoom + x
      const top = position.y * zoom + y
      const visible =
        left >= 0 && top >= 0 && left + NODE_WIDTH * zoom <= box.clientWidth && top + NODE_HEIGHT * zoom <= box.clientHeight
      if (!visible) void flow.setCenter(position.x + NODE_WIDTH / 2, position.y + NODE_HEIGHT / 2, { zoom, duration: 150 })
    },
    [flow, laidOut],
  )

  const moveFocus = useCallback(
    (id: string) => {
      focus.set({ focusedId: id })
      containerRef.current?.querySelector<HTMLButtonElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
      bringIntoView(id)
    },
    [focus, bringIntoView],
  )

  const keyboard = useMemo<GraphKeyboard>(
    () => ({
      focus,
      onFocus: (id) => {
        focus.set({ focusedId: id })
        bringIntoView(id)
      },
      onKeyDown: (event, id) => {
        const next = nextNodeId(event.key, id, laidOut.positions)
        if (next === undefined) return
        event.preventDefault()
        if (next) moveFocus(next)
      },
    }),
    [focus, laidOut, bringIntoView, moveFocus],
  )

  useEffect(() => {
    if (!focusRequest || focusRequest.nodeIds.length === 0) return
    focus.set({ highlighted: new Set(focusRequest.nodeIds) })
    const [first] = focusRequest.nodeIds
    if (first) moveFocus(first)
    void flow.fitView({ nodes: focusRequest.nodeIds.map((id) => ({ id })), duration: 200, maxZoom: 1.2 })
    // Only a new request moves the focus, not a new function.
  }, [focusRequest?.sequence])

  // The mark is set once every node and edge of this layout is drawn in place: in the page, visible (xyflow hides a
  // node until it knows its size), the view fitted to them, and the frame painted (the mark is set in the first task
  // after the frame in which all of that held).
  const store = useStoreApi()
  useEffect(() => {
    let frame = 0
    let tries = 0
    const channel = new MessageChannel()
    channel.port1.onmessage = () => performance.mark(LAID_OUT_MARK, { detail: { nodes: graph.nodes.length } })
    const check = () => {
      const box = containerRef.current
      const nodes = box ? [...box.querySelectorAll<HTMLElement>('.react-flow__node')] : []
      const done =
        nodes.length >= graph.nodes.length &&
        nodes.every((n) => n.style.visibility !== 'hidden') &&
        (box?.querySelectorAll('.react-flow__edge').length ?? 0) >= graph.edges.length &&
        !store.getState().fitViewQueued
      if (done || tries++ > 600) channel.port2.postMessage(null)
      else frame = requestAnimationFrame(check)
    }
    frame = requestAnimationFrame(check)
    return () => {
      cancelAnimationFrame(frame)
      channel.port1.close()
    }
  }, [graph, laidOut, store])

  return (
    <div className={styles.graphWrap}>
      <p id={instructionsId} className={styles.muted}>
        Tab into the graph, then use the arrow keys to move between the holders (up: what a node holds; down: its holders; left
        and right: along a layer). The table beside it says the same.
      </p>
      <style href="ownership-graph-xyflow" precedence="default">
        {XYFLOW_CSS}
      </style>
      <div ref={containerRef} className={cx(styles.graph, 'ownership-flow')}>
        <GraphKeyboardContext.Provider value={keyboard}>
          <ReactFlow
            // xyflow's root is role="application" (the arrow keys are the graph's): named and described here.
            aria-label="Ownership graph"
            aria-describedby={`${instructionsId} ${detailsId}`}
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            fitView
            fitViewOptions={FIT_VIEW}
            minZoom={0.05}
            maxZoom={2}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            disableKeyboardA11y
            zoomOnScroll={false}
            preventScrolling={false}
            zoomOnDoubleClick={false}
          >
            <ZoomControls />
          </ReactFlow>
        </GraphKeyboardContext.Provider>
      </div>
      <FocusDetails id={detailsId} graph={graph} focus={focus} />
    </div>
  )
}

/** The focused node's details, said in a live region under the graph; redrawn alone when the focus moves. */
function FocusDetails({ id, graph, focus }: { id: string; graph: OwnershipGraphData; focus: FocusStore }) {
  const focusedId = useSyncExternalStore(focus.subscribe, () => focus.focusedId)
  const focused = graph.nodes.find((n) => n.id === focusedId) ?? null
  return (
    <div id={id} className={styles.details} aria-live="polite" aria-atomic="true">
      {focused && (
        <>
          <strong>{focused.name}</strong> ({NODE_KIND_LABELS[focused.kind].toLowerCase()}).{' '}
          {nodeDetails(focused, graph).join(' ')}
        </>
      )}
    </div>
  )
}
