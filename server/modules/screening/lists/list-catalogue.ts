import type { ScreeningFileFormat, ScreeningListKind } from '@/lib/contracts/screening-values'
import type { Executor } from '@/server/db/client'
import { screeningLists } from '@/server/db/schema'

export interface ListDefinition {
  code: string
  name: string
  kind: ScreeningListKind
  format: ScreeningFileFormat
}

/**
 * The lists every install has (docs/screening.md#lists). The UN and OFAC lists ship as a snapshot
 * (server/data/screening/) and are loaded at first start; the others start empty and are loaded by staff in the
 * generic format (docs/screening-list-format.md) or, for the domestic list, designation by designation.
 */
export const LIST_CATALOGUE: readonly ListDefinition[] = [
  { code: 'UN_CONSOLIDATED', name: 'UN Security Council Consolidated List', kind: 'SANCTIONS', format: 'UN_XML' },
  { code: 'OFAC_SDN', name: 'OFAC Specially Designated Nationals (SDN)', kind: 'SANCTIONS', format: 'OFAC_CSV' },
  { code: 'NG_DOMESTIC', name: 'Nigeria Sanctions List (domestic designations)', kind: 'SANCTIONS', format: 'GENERIC_CSV' },
  { code: 'PEP', name: 'Politically exposed persons (licensed list)', kind: 'PEP', format: 'GENERIC_CSV' },
  { code: 'INTERNAL_WATCH', name: 'Internal watch list', kind: 'WATCH', format: 'GENERIC_CSV' },
]

/** Inserts the catalogue's lists that are missing (idempotent; every start). */
export async function seedScreeningLists(db: Executor): Promise<void> {
  await db
    .insert(screeningLists)
    .values(LIST_CATALOGUE.map((l) => ({ ...l })))
    .onConflictDoNothing({ target: screeningLists.code })
}
