import { ScrollTable } from '@/components/ui/scroll-table'
import type { OwnershipGraph } from '@/lib/contracts/ownership'
import { NODE_KIND_LABELS, ownershipTableRows } from '@/lib/kyc/ownership-words'
import styles from './ownership.module.css'

/**
 * The graph as a table, always beside it (docs/ownership.md#screens): who holds what in whom, the shares, the votes,
 * the rights that come with the holding and why the holder is a person with significant control. It is what a screen
 * reader reads and what is printed.
 */
export function OwnershipTable({ graph }: { graph: OwnershipGraph }) {
  const rows = ownershipTableRows(graph)
  return (
    <ScrollTable
      caption="Who holds what in whom"
      className={styles.table}
      columns={['Holder', 'Holds', 'In', 'Shares', 'Votes', 'Rights', 'Significant control']}
    >
      <tbody>
        {rows.map((row) => (
          <tr key={row.edgeId}>
            <th scope="row">
              {row.holder.name}
              <div className={styles.muted}>{NODE_KIND_LABELS[row.holder.kind]}</div>
            </th>
            <td>{row.relation}</td>
            <td>{row.held.name}</td>
            <td className={styles.number}>{row.shares}</td>
            <td className={styles.number}>{row.votes}</td>
            <td>{row.rights || '-'}</td>
            <td>{row.control ? <strong>{row.control}</strong> : '-'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
