import { asc, gt } from 'drizzle-orm'
import type { AuditVerifyResult } from '@/lib/contracts/audits'
import { GENESIS_HASH, hashAuditRow } from '@/server/audit/chain'
import type { Executor } from '@/server/db/client'
import { audits } from '@/server/db/schema'

const BATCH = 1000

/**
 * Walks the chain in order and recomputes every hash. A row is broken when its own fields no longer match its
 * hash, or when its prevHash is not the hash of the row before it (a row was removed or reordered).
 */
export async function verifyAuditChain(options: { db: Executor }): Promise<AuditVerifyResult> {
  let previousHash = GENESIS_HASH
  let afterSeq = 0
  let checked = 0
  for (;;) {
    const rows = await options.db.select().from(audits).where(gt(audits.seq, afterSeq)).orderBy(asc(audits.seq)).limit(BATCH)
    for (const row of rows) {
      checked++
      const intact = row.prevHash === previousHash && hashAuditRow(row) === row.hash
      if (!intact) return { ok: false, checked, firstBrokenId: row.id }
      previousHash = row.hash
    }
    if (rows.length < BATCH) return { ok: true, checked, firstBrokenId: null }
    afterSeq = rows[rows.length - 1]!.seq
  }
}
