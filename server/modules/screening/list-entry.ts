/**
 * One entry of a sanctions, PEP or watch list as the importers read it from a source file and as matching scores it.
 * Every importer (UN XML, OFAC CSV trio, the generic CSV / JSON lines format) yields these; the store keeps them as rows
 * of `screening_entries`. Docs: docs/screening.md.
 */

import type { ListedDate, ListedName } from '@/lib/contracts/screening-values'

export type { ListedDate, ListedName }

/** A person, or anything else a list names (a company, an organisation, a group, a vessel, an aircraft). */
export type ListedSubjectKind = 'PERSON' | 'ENTITY'

export interface ListedEntry {
  /** The source's own id: UN REFERENCE_NUMBER (e.g. QDi.001), OFAC ent_num, the operator's id in the generic format. */
  sourceId: string
  subjectKind: ListedSubjectKind
  /** PRIMARY first, then aliases in the source's order; no two with the same text. */
  names: ListedName[]
  datesOfBirth: ListedDate[]
  /** ISO 3166-1 alpha-2 codes (upper case) where the source's country is known; unknown words are dropped. */
  nationalities: string[]
  /** Countries of address, citizenship or registration, ISO alpha-2, without the nationalities repeated. */
  countries: string[]
  /** Regime or programme: UN_LIST_TYPE (e.g. "Al-Qaida"), OFAC program (e.g. "SDGT"), the operator's word. */
  programmes: string[]
  /** The day it was listed (YYYY-MM-DD) where the source says. */
  listedOn: string | null
  remarks: string | null
}
