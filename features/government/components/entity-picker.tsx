import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useUrlState } from '@/components/ui/use-url-state'
import { GOVERNMENT_TIER_LABELS } from '@/lib/contracts/government-values'
import { governmentQueries } from '../api/government-queries'
import styles from './government.module.css'

/** The active entities a screen offers to pick from (the first 100, by most recent). */
const PICKABLE = { pageNumber: 1, pageSize: 100, archiveStatus: 'ACTIVE' } as const

/** The chosen entity of the KYC and products screens, kept in the URL (`?entityId=`). */
export function useChosenEntityId() {
  const { query, setQuery, isReady } = useUrlState()
  return {
    entityId: query.entityId || null,
    isReady,
    choose: (entityId: string | null) => void setQuery({ entityId }),
  }
}

/** A select of the active government entities; the choice goes to the URL. */
export function EntityPicker({ entityId, onChoose }: { entityId: string | null; onChoose: (id: string | null) => void }) {
  const id = useId()
  const entities = useQuery(governmentQueries.entities(PICKABLE))
  const options = entities.data?.content ?? []
  const known = !entityId || options.some((e) => e.id === entityId)
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Government entity</label>
      <select
        id={id}
        value={entityId ?? ''}
        disabled={!entities.isSuccess}
        onChange={(e) => onChoose(e.target.value || null)}
        aria-describedby={entities.isError ? `${id}-error` : undefined}
      >
        <option value="">{entities.isPending ? 'Loading entities…' : 'Select an entity'}</option>
        {!known && <option value={entityId!}>The entity in the link</option>}
        {options.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} ({GOVERNMENT_TIER_LABELS[e.tier]})
          </option>
        ))}
      </select>
      {entities.isError && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          The entities could not be loaded. Reload the page to try again.
        </p>
      )}
    </div>
  )
}
