import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ownershipTableRows } from '@/lib/kyc/ownership-words'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { EMPTY_GRAPH, GROUP_GRAPH, OWNED_BUSINESS_ID } from '@/tests/components/ownership-fixtures'
import { OwnershipSection } from '../ownership-section'

const PATH = `/businesses/${OWNED_BUSINESS_ID}/ownership`

beforeAll(() => {
  // xyflow observes its pane's and nodes' sizes; jsdom has no ResizeObserver or DOMMatrix. (The edge labels are not
  // measured: no getBBox.)
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
  globalThis.DOMMatrixReadOnly ??= class {
    m22 = 1
    constructor() {}
  } as unknown as typeof DOMMatrixReadOnly
})

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

const graphRegion = () => screen.findByRole('application', { name: 'Ownership graph' })
const press = (...keys: string[]) => {
  for (const key of keys) fireEvent.keyDown(document.activeElement!, { key })
}
const nodeButton = (region: HTMLElement, name: string) =>
  within(region).getByRole('button', { name: new RegExp(`^(The business|Company|Trust|Person|Nominee)\\. ${name}\\b`) })

describe('OwnershipSection', () => {
  it('draws every entity by kind, labels the holdings with shares and votes, and highlights the persons with significant control with the reason', async () => {
    api = mockApi(route('GET', PATH, { data: GROUP_GRAPH }))
    renderWithClient(<OwnershipSection businessId={OWNED_BUSINESS_ID} />)
    const graph = await graphRegion()
    await waitFor(() => expect(graph.querySelectorAll('[data-node-id]')).toHaveLength(GROUP_GRAPH.nodes.length))
    // Each node is named by its words whatever the zoom: its kind, its name, and for a person control and statuses.
    expect(nodeButton(graph, 'Oba Holdings Limited')).toHaveAccessibleName(/^Company\. Oba Holdings Limited$/)
    expect(nodeButton(graph, 'Kanu Family Trust')).toBeInTheDocument()
    expect(nodeButton(graph, 'Lagos Nominees Limited')).toHaveAccessibleName(/^Nominee\./)
    // The person controlling through votes only: highlighted, the reason in words, screening and PEP on the node.
    const tunde = nodeButton(graph, 'Tunde Bakare')
    expect(tunde).toHaveAccessibleName(
      'Person. Tunde Bakare. Significant control: 5% or more of the votes. screened: clear · not a PEP',
    )
    expect(nodeButton(graph, 'Ada Obi')).toHaveAccessibleName(/screening: possible matches to review · PEP \(declared\)$/)
    expect(nodeButton(graph, 'Ngozi Kanu')).toHaveAccessibleName(/Significant control: control through a trust/)
    expect(nodeButton(graph, 'Femi Ola')).not.toHaveAccessibleName(/Significant control/)
    // The fitted first view (xyflow's 500 × 500 pane in jsdom) is too small to read: shapes alone, no words drawn.
    expect(tunde.textContent).toBe('')
    expect(within(graph).queryByText('2% shares · 30% votes')).not.toBeInTheDocument()
    expect(within(graph).getByText('Zoom in to read the names')).toBeInTheDocument()
    // Zoomed in, the words are drawn on the nodes and the edges, into the same buttons.
    const zoomIn = within(graph).getByRole('button', { name: 'Zoom in' })
    for (let i = 0; i < 3; i++) fireEvent.click(zoomIn)
    await waitFor(() => expect(within(graph).getByText('2% shares · 30% votes')).toBeInTheDocument())
    expect(nodeButton(graph, 'Tunde Bakare')).toBe(tunde)
    expect(within(graph).queryByText('Zoom in to read the names')).not.toBeInTheDocument()
    expect(tunde).toHaveTextContent('Significant control: 5% or more of the votes')
    expect(tunde).toHaveTextContent('screened: clear · not a PEP')
    expect(nodeButton(graph, 'Oba Holdings Limited')).toHaveTextContent(/^Company/)
    expect(within(graph).getByText('70% shares · 70% votes · appoints majority')).toBeInTheDocument()
    expect(within(graph).getByText('nominee for')).toBeInTheDocument()
    expect(within(graph).getByText('trustee')).toBeInTheDocument()
    // xyflow's styles come with the graph, once, in the head.
    expect(document.head.querySelectorAll('style[data-href="ownership-graph-xyflow"]')).toHaveLength(1)
    const zoom = within(graph).getByRole('group', { name: 'Zoom' })
    expect(
      within(zoom)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Zoom in', 'Zoom out', 'Fit'])
    // The list of persons with significant control, with the server's explanation.
    const list = screen.getByRole('list', { name: 'Persons with significant control' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    expect(within(list).getByText(/only 2% of the shares but 30% of the votes/)).toBeInTheDocument()
  })

  it('says the same in the table as in the graph: one row per edge, holder, relation, held, shares, votes, control', async () => {
    api = mockApi(route('GET', PATH, { data: GROUP_GRAPH }))
    renderWithClient(<OwnershipSection businessId={OWNED_BUSINESS_ID} />)
    const table = await screen.findByRole('table', { name: 'Who holds what in whom' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(GROUP_GRAPH.edges.length)
    const expected = ownershipTableRows(GROUP_GRAPH)
    rows.forEach((row, i) => {
      const cells = within(row).getAllByRole('cell')
      const e = expected[i]!
      expect(within(row).getByRole('rowheader')).toHaveTextContent(e.holder.name)
      expect(cells.map((c) => c.textContent)).toEqual([
        e.relation,
        e.held.name,
        e.shares,
        e.votes,
        e.rights || '-',
        e.control || '-',
      ])
    })
    // Every edge of the graph is one row: the same holder and held entity.
    const pairs = expected.map((r) => `${r.holder.id}>${r.held.id}`).sort()
    expect(pairs).toEqual(GROUP_GRAPH.edges.map((e) => `${e.target}>${e.source}`).sort())
    const tunde = rows.find((r) => within(r).getByRole('rowheader').textContent?.startsWith('Tunde Bakare'))!
    expect(tunde).toHaveTextContent('2%30%')
    expect(tunde).toHaveTextContent('5% or more of the votes')
  })

  it('is entered with Tab and walked with the arrow keys, the focused node said under the graph; a person in the list focuses their node', async () => {
    api = mockApi(route('GET', PATH, { data: GROUP_GRAPH }))
    renderWithClient(<OwnershipSection businessId={OWNED_BUSINESS_ID} />)
    const graph = await graphRegion()
    await waitFor(() => expect(graph.querySelectorAll('[data-node-id]')).toHaveLength(GROUP_GRAPH.nodes.length))
    // Only one node is in the Tab order: the business.
    const tabbable = [...graph.querySelectorAll<HTMLElement>('[data-node-id]')].filter((b) => b.tabIndex === 0)
    expect(tabbable.map((b) => b.dataset.nodeId)).toEqual([OWNED_BUSINESS_ID])
    tabbable[0]!.focus()
    expect(document.activeElement).toBe(nodeButton(graph, 'Adebayo Foods Limited'))
    press('ArrowDown')
    const layer1 = document.activeElement as HTMLElement
    expect(['c1', 'n1', 'p3', 'p4']).toContain(layer1.dataset.nodeId)
    press('ArrowUp')
    expect(document.activeElement).toBe(nodeButton(graph, 'Adebayo Foods Limited'))
    press('ArrowDown', 'Home', 'ArrowDown')
    // Along the layer: right until the end visits the four holders of the business.
    const seen = new Set<string>()
    press('ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft')
    for (let i = 0; i < 4; i++) {
      seen.add((document.activeElement as HTMLElement).dataset.nodeId!)
      press('ArrowRight')
    }
    expect([...seen].sort()).toEqual(['c1', 'n1', 'p3', 'p4'])
    // The graph's second description is the live region that says the focused node.
    const details = document.getElementById(graph.getAttribute('aria-describedby')!.split(' ')[1]!)!
    expect(details).toHaveAttribute('aria-live', 'polite')
    const focusedNode = GROUP_GRAPH.nodes.find((n) => n.id === (document.activeElement as HTMLElement).dataset.nodeId)!
    expect(details.textContent).toContain(focusedNode.name)

    fireEvent.click(screen.getByRole('button', { name: 'Show Tunde Bakare in the graph' }))
    await waitFor(() => expect(document.activeElement).toBe(nodeButton(graph, 'Tunde Bakare')))
    expect(details).toHaveTextContent('Tunde Bakare (person). In: Adebayo Foods Limited (2% shares · 30% votes).')
    expect(details).toHaveTextContent('Person with significant control: 5% or more of the votes.')
  })

  it('says when there are no shareholders yet', async () => {
    api = mockApi(route('GET', PATH, { data: EMPTY_GRAPH }))
    renderWithClient(<OwnershipSection businessId={OWNED_BUSINESS_ID} />)
    expect(await screen.findByRole('heading', { name: 'No shareholders yet' })).toBeInTheDocument()
    expect(screen.queryByRole('application', { name: 'Ownership graph' })).not.toBeInTheDocument()
  })

  it('says when the structure could not be loaded, and tries again', async () => {
    let calls = 0
    api = mockApi(
      route('GET', PATH, () => (++calls === 1 ? apiError(500, 'INTERNAL', 'Something went wrong') : { data: GROUP_GRAPH })),
    )
    renderWithClient(<OwnershipSection businessId={OWNED_BUSINESS_ID} />)
    fireEvent.click(await screen.findByRole('button', { name: /try again/i }))
    expect(await screen.findByRole('table', { name: 'Who holds what in whom' })).toBeInTheDocument()
  })
})
