import {
  getViewportForBounds,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  useStoreApi,
  ViewportPortal,
  type ReactFlowState,
  type Viewport,
} from '@xyflow/react'
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react'
import { cx } from '@/components/ui/cx'
import type { OwnershipGraph as OwnershipGraphData, OwnershipGraphNode } from '@/lib/contracts/ownership'
import { layoutOwnership, type OwnershipLayout } from '@/lib/kyc/ownership-layout'
import { edgeLabel, NODE_KIND_LABELS, pepLabel, reasonsInWords, screeningLabel } from '@/lib/kyc/ownership-words'
import { nextNodeId, nodeDetails } from '../model/graph-navigation'
import { XYFLOW_CSS } from '../model/xyflow-css'
import styles from './ownership.module.css'

/** When the graph starts laying out, and when every node is drawn in place: for the bench (bench/ownership-graph.ts). */
export const LAYOUT_START_MARK = 'ownership-graph:layout-start'
export const LAID_OUT_MARK = 'ownership-graph:laid-out'

const NODE_WIDTH = 210
const NODE_HEIGHT = 92
const MIN_ZOOM = 0.05
const MAX_ZOOM = 2
/** The first view and "Fit": the whole structure, never larger than its own size. */
const FIT = { padding: 0.1, maxZoom: 1 }
/** An edge's label sits on the line just above the holder (between the layers, 70 px apart). */
const LABEL_ABOVE_HOLDER = 17
/**
 * Below this zoom a node's 12 px text would be drawn under 5 px high, too small to read: the nodes are drawn as their
 * shapes alone and the edges without their labels (their words stay in each button's name, the details under the graph
 * and the table). A large structure's fitted first view is far below it (under 0.1 for 200 holdings), and not laying out
 * some 1,000 runs of text it cannot show is most of that view's cost (issue 40's ≤ 300 ms).
 */
export const TEXT_MIN_ZOOM = 0.4
const zoomedOutPastText = (state: ReactFlowState) => state.transform[2] < TEXT_MIN_ZOOM

/** A request to move the focus to these nodes (a person with significant control in the list); a new sequence each time. */
export interface GraphFocusRequest {
  nodeIds: readonly string[]
  sequence: number
}

/**
 * Which node has the keyboard focus (the one in the Tab order) and which are highlighted ("Show in the graph"), kept
 * outside React state: a change is written to the buttons concerned and the live region, nothing else is drawn again.
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

const KIND_CLASS = {
  BUSINESS: styles.kindBusiness,
  COMPANY: styles.kindCompany,
  TRUST: styles.kindTrust,
  PERSON: styles.kindPerson,
  NOMINEE: styles.kindNominee,
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The view that shows `bounds` whole in a pane of this size (xyflow's own computation). */
function viewFor(
  bounds: { x: number; y: number; width: number; height: number },
  pane: { width: number; height: number },
  maxZoom: number,
  padding = FIT.padding,
): Viewport {
  return getViewportForBounds(bounds, pane.width, pane.height, MIN_ZOOM, maxZoom, padding)
}

/** A node's lines of text: its kind, its name, and for a person the control, screening and PEP status. */
function nodeLines(e: OwnershipGraphNode): [lineClass: string | undefined, text: string][] {
  const lines: [string | undefined, string][] = [
    [styles.nodeKind, NODE_KIND_LABELS[e.kind]],
    [styles.nodeName, e.name],
  ]
  if (e.significantControl.length > 0)
    lines.push([styles.nodeControl, `Significant control: ${reasonsInWords(e.significantControl)}`])
  if (e.kind === 'PERSON') lines.push([styles.nodeStatus, [screeningLabel(e), pepLabel(e)].filter(Boolean).join(' · ')])
  return lines
}

/**
 * One entity as a button, its kind shown by its shape and named by its lines (the same words whether or not the zoom
 * shows them; the lines themselves are written in by `nodeTextMarkup` once the zoom can show them). `focused`: the one
 * in the Tab order; `highlighted`: asked for from the persons' list.
 */
function nodeMarkup(e: OwnershipGraphNode, at: { x: number; y: number }, focused: boolean, highlighted: boolean): string {
  const psc = e.significantControl.length > 0
  const className = cx(styles.node, KIND_CLASS[e.kind], psc && styles.nodePsc, highlighted && styles.nodeRequested)
  return [
    `<button type="button" data-node-id="${escapeXml(e.id)}" tabindex="${focused ? 0 : -1}"`,
    focused ? ' aria-current="true"' : '',
    ` aria-label="${escapeXml(
      nodeLines(e)
        .map(([, text]) => text)
        .join('. '),
    )}"`,
    ` class="${className}" style="left:${at.x}px;top:${at.y}px"></button>`,
  ].join('')
}

const nodeTextMarkup = (e: OwnershipGraphNode) =>
  nodeLines(e)
    .map(([lineClass, text]) => `<span class="${lineClass}" aria-hidden="true">${escapeXml(text)}</span>`)
    .join('')

interface DrawingProps {
  graph: OwnershipGraphData
  layout: OwnershipLayout
  focus: FocusStore
  markerId: string
  onFocusNode: (id: string) => void
  onKeyDownNode: (event: KeyboardEvent<HTMLElement>, id: string) => void
}

/**
 * The edges as SVG markup: an arrow marker, then per edge a square path from the held entity's bottom to its holder's
 * top (down, across half-way between the layers, down), the arrow at the held entity, and its label just above the
 * holder, on the line.
 */
function edgesMarkup(
  graph: Pick<OwnershipGraphData, 'edges'>,
  layout: OwnershipLayout,
  markerId: string,
  labels: boolean,
): string {
  const parts = [
    `<defs><marker id="${escapeXml(markerId)}" viewBox="-10 -10 20 20" markerWidth="16" markerHeight="16" orient="auto-start-reverse">`,
    `<polyline class="${styles.arrow}" points="-5,-4 0,0 -5,4 -5,-4"/></marker></defs>`,
  ]
  for (const e of graph.edges) {
    const points = layout.edgePoints.get(e.id)
    if (!points) continue
    const start = points[0]!
    const middle = points[1]!.y
    const end = points[points.length - 1]!
    const label = labels ? edgeLabel(e) : ''
    parts.push(
      `<g data-edge-id="${escapeXml(e.id)}" class="${e.kind === 'HOLDING' ? styles.edgeHolding : styles.edgeRole}">`,
      `<path class="${styles.edgePath}" d="M${start.x} ${start.y}V${middle}H${end.x}V${end.y}" marker-start="url(#${escapeXml(markerId)})"/>`,
      label ? `<text class="${styles.edgeLabel}" x="${end.x}" y="${end.y - LABEL_ABOVE_HOLDER}">${escapeXml(label)}</text>` : '',
      '</g>',
    )
  }
  return parts.join('')
}

const nodeIdOf = (target: EventTarget) =>
  target instanceof Element ? (target.closest<HTMLElement>('[data-node-id]')?.dataset.nodeId ?? null) : null

/**
 * The whole structure as one layer inside xyflow's viewport (docs/ownership.md#screens): the edges as one SVG (a path
 * and a label each), the nodes as buttons placed where the layout puts them, both written as markup once per structure
 * (the browser parses it; React makes no element per node, path or label). Their focus, clicks and keys are handled
 * once, for the layer. xyflow pans and zooms the viewport; it
 * has no node or edge of its own to measure, store and draw (issue 40: 201 xyflow nodes and 200 edges cost most of
 * the ≤ 300 ms). Drawn again only for a new structure, and the edges when the zoom crosses TEXT_MIN_ZOOM; the focus
 * moves through the focus store.
 */
const Drawing = memo(function Drawing({ graph, layout, focus, markerId, onFocusNode, onKeyDownNode }: DrawingProps) {
  const nodesRef = useRef<HTMLDivElement>(null)
  // Drawn again only when the zoom crosses TEXT_MIN_ZOOM: the layer's class and the edges' labels.
  const shapesOnly = useStore(zoomedOutPastText)
  // The nodes as they are when the structure is drawn, without their lines of text; after that the focus store's changes
  // are written to the two or so buttons concerned (the one in the Tab order, the highlighted ones), not drawn again.
  const nodesMarkup = useMemo(
    () =>
      graph.nodes
        .map((e) => nodeMarkup(e, layout.positions.get(e.id)!, focus.focusedId === e.id, focus.highlighted.has(e.id)))
        .join(''),
    // Drawn for a new structure only; the focus store is one per graph.
    [graph, layout],
  )
  // The nodes' lines of text are written into their buttons the first time the zoom can show them (before that frame
  // is painted), into the same buttons, so a focused node keeps the focus; zoomed out again, the layer's class hides
  // them. A large structure's fitted first view never needs them.
  const textWrittenFor = useRef<string | null>(null)
  useLayoutEffect(() => {
    const nodes = nodesRef.current
    if (shapesOnly || !nodes || textWrittenFor.current === nodesMarkup) return
    textWrittenFor.current = nodesMarkup
    graph.nodes.forEach((e, i) => nodes.children[i]?.insertAdjacentHTML('beforeend', nodeTextMarkup(e)))
  }, [shapesOnly, nodesMarkup, graph])
  useLayoutEffect(() => {
    const nodes = nodesRef.current
    if (!nodes) return
    let shown = { focusedId: focus.focusedId, highlighted: focus.highlighted }
    const button = (id: string) => nodes.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)
    const sync = () => {
      if (focus.focusedId !== shown.focusedId) {
        const before = shown.focusedId ? button(shown.focusedId) : null
        before?.setAttribute('tabindex', '-1')
        before?.removeAttribute('aria-current')
        const now = focus.focusedId ? button(focus.focusedId) : null
        now?.setAttribute('tabindex', '0')
        now?.setAttribute('aria-current', 'true')
      }
      if (focus.highlighted !== shown.highlighted) {
        for (const id of shown.highlighted) button(id)?.classList.remove(styles.nodeRequested!)
        for (const id of focus.highlighted) button(id)?.classList.add(styles.nodeRequested!)
      }
      shown = { focusedId: focus.focusedId, highlighted: focus.highlighted }
    }
    sync()
    return focus.subscribe(sync)
  }, [focus, nodesMarkup])
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = nodeIdOf(event.target)
    if (id) onFocusNode(id)
  }
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const id = nodeIdOf(event.target)
    if (id) onFocusNode(id)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const id = nodeIdOf(event.target)
    if (id) onKeyDownNode(event, id)
  }
  return (
    <div className={cx(styles.drawing, shapesOnly && styles.shapesOnly)} style={{ width: layout.width, height: layout.height }}>
      {/* Static, drawn once per structure: written as markup (no React element per path and label). */}
      <svg
        className={styles.edges}
        width={layout.width}
        height={layout.height}
        aria-hidden="true"
        dangerouslySetInnerHTML={{ __html: edgesMarkup(graph, layout, markerId, !shapesOnly) }}
      />
      <div
        ref={nodesRef}
        className={styles.nodes}
        onFocus={onFocus}
        onClick={onClick}
        onKeyDown={onKeyDown}
        dangerouslySetInnerHTML={{ __html: nodesMarkup }}
      />
    </div>
  )
})

/** Zoom in, zoom out and fit, as buttons named in words (xyflow's own panel is a named div without a role). */
function ZoomControls({ onFit }: { onFit: () => void }) {
  const flow = useReactFlow()
  return (
    <Panel position="top-right" role="group" aria-label="Zoom" className={styles.zoom}>
      <button type="button" onClick={() => void flow.zoomIn({ duration: 150 })}>
        Zoom in
      </button>
      <button type="button" onClick={() => void flow.zoomOut({ duration: 150 })}>
        Zoom out
      </button>
      <button type="button" onClick={onFit}>
        Fit
      </button>
    </Panel>
  )
}

/**
 * xyflow's stylesheet, hoisted into the head once however often it is rendered (React dedupes by href). The section
 * renders it as soon as the graph's chunk is there, before the ownership answer: a stylesheet added restyles the whole
 * page, which then happens before the graph is drawn, not in the frame that shows it.
 */
export function OwnershipGraphStyles() {
  return (
    <style href="ownership-graph-xyflow" precedence="default">
      {XYFLOW_CSS}
    </style>
  )
}

/** Said on the graph while it is zoomed out past its words. */
function ReadingHint() {
  const shapesOnly = useStore(zoomedOutPastText)
  return shapesOnly ? (
    <Panel position="top-left" className={styles.hint}>
      Zoom in to read the names
    </Panel>
  ) : null
}

export interface OwnershipGraphProps {
  graph: OwnershipGraphData
  focusRequest?: GraphFocusRequest | null
}

/**
 * The ownership structure drawn (docs/ownership.md#screens): laid out as a tidy tree top to bottom, the business at the
 * top, each holder under what it holds. Keyboard: Tab enters the graph on one node; the arrow keys move between nodes
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
  const containerRef = useRef<HTMLDivElement>(null)
  const instructionsId = useId()
  const detailsId = useId()
  const markerId = `${useId()}-arrow`
  const layout = useMemo(() => {
    performance.mark(LAYOUT_START_MARK)
    return layoutOwnership(graph, { nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT })
  }, [graph])
  const bounds = useMemo(() => ({ x: 0, y: 0, width: layout.width, height: layout.height }), [layout])

  // The first view, fitted to the structure: the pane's size is read before xyflow is drawn, so xyflow starts at the
  // fitted view (no drawing at 1:1 first, no fit animated after).
  const [pane, setPane] = useState<{ width: number; height: number } | null>(null)
  useLayoutEffect(() => {
    const box = containerRef.current
    // xyflow's own fallback when the pane has no size yet (hidden): 500 × 500.
    if (box) setPane({ width: box.clientWidth || 500, height: box.clientHeight || 500 })
  }, [])
  const initialView = useMemo(() => (pane ? viewFor(bounds, pane, FIT.maxZoom) : null), [bounds, pane])

  const [focus] = useState(() => new FocusStore(graph.nodes[0]?.id ?? null))

  return (
    <div className={styles.graphWrap}>
      <p id={instructionsId} className={styles.muted}>
        Tab into the graph, then use the arrow keys to move between the holders (up: what a node holds; down: its holders; left
        and right: along a layer). The table beside it says the same.
      </p>
      <OwnershipGraphStyles />
      <div ref={containerRef} className={cx(styles.graph, 'ownership-flow')}>
        {initialView && (
          <Flow
            graph={graph}
            layout={layout}
            bounds={bounds}
            initialView={initialView}
            focus={focus}
            focusRequest={focusRequest}
            containerRef={containerRef}
            markerId={markerId}
            describedBy={`${instructionsId} ${detailsId}`}
          />
        )}
      </div>
      <FocusDetails id={detailsId} graph={graph} focus={focus} />
    </div>
  )
}

interface FlowProps {
  graph: OwnershipGraphData
  layout: OwnershipLayout
  bounds: { x: number; y: number; width: number; height: number }
  initialView: Viewport
  focus: FocusStore
  focusRequest?: GraphFocusRequest | null
  containerRef: RefObject<HTMLDivElement | null>
  markerId: string
  describedBy: string
}

/** xyflow's pane (pan, zoom, the zoom buttons) around the drawing, and the keyboard. */
function Flow({ graph, layout, bounds, initialView, focus, focusRequest, containerRef, markerId, describedBy }: FlowProps) {
  const flow = useReactFlow()
  const store = useStoreApi()
  const paneSize = useCallback(() => {
    const { width, height } = store.getState()
    return { width: width || 500, height: height || 500 }
  }, [store])

  const fit = useCallback(
    () => void flow.setViewport(viewFor(bounds, paneSize(), FIT.maxZoom), { duration: 150 }),
    [flow, bounds, paneSize],
  )

  const bringIntoView = useCallback(
    (id: string) => {
      const box = containerRef.current
      const position = layout.positions.get(id)
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
    [flow, layout, containerRef],
  )

  const moveFocus = useCallback(
    (id: string) => {
      focus.set({ focusedId: id })
      containerRef.current?.querySelector<HTMLButtonElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
      bringIntoView(id)
    },
    [focus, bringIntoView, containerRef],
  )

  const onFocusNode = useCallback(
    (id: string) => {
      focus.set({ focusedId: id })
      bringIntoView(id)
    },
    [focus, bringIntoView],
  )
  const onKeyDownNode = useCallback(
    (event: KeyboardEvent<HTMLElement>, id: string) => {
      const next = nextNodeId(event.key, id, layout.positions)
      if (next === undefined) return
      event.preventDefault()
      if (next) moveFocus(next)
    },
    [layout, moveFocus],
  )

  useEffect(() => {
    if (!focusRequest || focusRequest.nodeIds.length === 0) return
    focus.set({ highlighted: new Set(focusRequest.nodeIds) })
    const [first] = focusRequest.nodeIds
    if (first) moveFocus(first)
    // Zoom to the person's nodes (all of them when the person stands in several places).
    const boxes = focusRequest.nodeIds.flatMap((id) => layout.positions.get(id) ?? [])
    if (boxes.length === 0) return
    const x = Math.min(...boxes.map((p) => p.x))
    const y = Math.min(...boxes.map((p) => p.y))
    const area = {
      x,
      y,
      width: Math.max(...boxes.map((p) => p.x)) + NODE_WIDTH - x,
      height: Math.max(...boxes.map((p) => p.y)) + NODE_HEIGHT - y,
    }
    void flow.setViewport(viewFor(area, paneSize(), 1.2), { duration: 200 })
    // Only a new request moves the focus, not a new function.
  }, [focusRequest?.sequence])

  // The mark is set once every node and edge of this layout is drawn in place: in the page, in xyflow's viewport,
  // the view fitted to them, and the frame painted (the mark is set in the first task after the frame in which all of
  // that held).
  useEffect(() => {
    let frame = 0
    let tries = 0
    const channel = new MessageChannel()
    channel.port1.onmessage = () => performance.mark(LAID_OUT_MARK, { detail: { nodes: graph.nodes.length } })
    const check = () => {
      const viewport = containerRef.current?.querySelector('.react-flow__viewport')
      const [x, y, zoom] = store.getState().transform
      const done =
        !!viewport &&
        viewport.querySelectorAll('[data-node-id]').length === graph.nodes.length &&
        viewport.querySelectorAll('[data-edge-id]').length === layout.edgePoints.size &&
        x === initialView.x &&
        y === initialView.y &&
        zoom === initialView.zoom
      if (done || tries++ > 600) channel.port2.postMessage(null)
      else frame = requestAnimationFrame(check)
    }
    frame = requestAnimationFrame(check)
    return () => {
      cancelAnimationFrame(frame)
      channel.port1.close()
    }
  }, [graph, layout, initialView, store, containerRef])

  return (
    <ReactFlow
      // xyflow's root is role="application" (the arrow keys are the graph's): named and described here.
      aria-label="Ownership graph"
      aria-describedby={describedBy}
      nodes={NO_NODES}
      edges={NO_EDGES}
      defaultViewport={initialView}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
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
      <ViewportPortal>
        <Drawing
          graph={graph}
          layout={layout}
          focus={focus}
          markerId={markerId}
          onFocusNode={onFocusNode}
          onKeyDownNode={onKeyDownNode}
        />
      </ViewportPortal>
      <ReadingHint />
      <ZoomControls onFit={fit} />
    </ReactFlow>
  )
}

const NO_NODES: never[] = []
const NO_EDGES: never[] = []

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
