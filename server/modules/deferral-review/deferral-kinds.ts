import { eq, inArray } from 'drizzle-orm'
import type { DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import { DEFERRAL_MAX_DAYS_SETTING } from '@/lib/contracts/deferral-values'
import { REGISTRATION_CLASS_LABELS, type RegistrationClass } from '@/lib/validation/registration-number-rules'
import type { Executor } from '@/server/db/client'
import { appSettings, kycDocumentTypes } from '@/server/db/schema'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import {
  getDeferrableMapping,
  lockDeferrableMapping,
  validateDeferrableMapping,
  writeDeferrableMapping,
  writeMaxDeferralDays,
} from '@/server/modules/deferral-review/deferral-configuration'
import { getMaxDeferralDays } from '@/server/modules/deferrals/deferral-settings'

export interface DeferralMaxDaysProposal {
  days: number
}

/** The only row each of these settings has: a request for either names it by this key (one pending at a time). */
export const DEFERRAL_MAX_DAYS_TARGET = `setting:${DEFERRAL_MAX_DAYS_SETTING}`
export const DEFERRABLE_MAPPING_TARGET = 'deferrable-mapping'

/** The maximum as it stands; `lock` holds its row (when there is one) until the transaction ends. */
export async function currentMaxDaysSnapshot(db: Executor, lock = false): Promise<Snapshot> {
  if (lock) await db.select().from(appSettings).where(eq(appSettings.key, DEFERRAL_MAX_DAYS_SETTING)).for('update')
  return { maxDays: String(await getMaxDeferralDays(db)) }
}

export const deferralMaxDaysKind = defineKind<DeferralMaxDaysProposal>({
  type: 'DEFERRAL_MAX_DAYS',
  resource: 'setting',
  creates: false,
  labels: { maxDays: 'Most days a deferral may ask for' },
  current: (db, _row, lock) => currentMaxDaysSnapshot(db, lock),
  proposed: async (_db, p) => ({ maxDays: String(p.days) }),
  async apply(tx, audit, row, actors) {
    await writeMaxDeferralDays(tx, audit, { days: row.proposal.days, actorId: row.makerId, actors: { ...actors } })
    return { resourceId: null }
  },
})

/** One (class, document type) pair in words: names, not codes (both are unique, so the line still names one pair). */
const pairLine = (registrationClass: string, documentType: { name: string }) =>
  `${REGISTRATION_CLASS_LABELS[registrationClass as RegistrationClass] ?? registrationClass}: ${documentType.name}`

/** The mapping as it stands, one line per (class, document type); `lock` serialises it against its writers. */
export async function currentMappingSnapshot(db: Executor, lock = false): Promise<Snapshot> {
  if (lock) await lockDeferrableMapping(db as Parameters<typeof lockDeferrableMapping>[0])
  const { items } = await getDeferrableMapping({ db })
  return { mapping: items.map((i) => pairLine(i.registrationClass, i.documentType)).sort() }
}

export const deferrableMappingKind = defineKind<DeferrableMappingInput>({
  type: 'DEFERRABLE_MAPPING',
  resource: 'deferrable_mapping',
  creates: false,
  labels: { mapping: 'Deferrable documents by registration class' },
  current: (db, _row, lock) => currentMappingSnapshot(db, lock),
  async proposed(db, p) {
    const ids = [...new Set(p.items.map((i) => i.documentTypeId))]
    const types = ids.length
      ? await db
          .select({ id: kycDocumentTypes.id, name: kycDocumentTypes.name, code: kycDocumentTypes.code })
          .from(kycDocumentTypes)
          .where(inArray(kycDocumentTypes.id, ids))
      : []
    const byId = new Map(types.map((t) => [t.id, t]))
    const lines = p.items.map((i) =>
      pairLine(i.registrationClass, byId.get(i.documentTypeId) ?? { name: `unknown document type ${i.documentTypeId}` }),
    )
    return { mapping: [...new Set(lines)].sort() }
  },
  async apply(tx, audit, row, actors) {
    await validateDeferrableMapping(tx, row.proposal)
    await writeDeferrableMapping(tx, audit, { input: row.proposal, actorId: row.makerId, actors: { ...actors } })
    return { resourceId: null }
  },
})

registerKinds(deferralMaxDaysKind, deferrableMappingKind)
