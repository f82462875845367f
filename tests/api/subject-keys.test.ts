import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { ERASED_VALUE, maskSealedValues } from '@/server/crypto/personal-values'
import { decryptForSubject, destroySubjectKey, encryptForSubject } from '@/server/crypto/subject-keys'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { verifyAuditChain } from '@/server/modules/audits/verify-audit-chain'

describe('per-subject keys (crypto-shredding)', () => {
  it('seals a value under the subject key; destroying the key makes it unreadable', async () => {
    const db = await getDb()
    const subject = { kind: 'means_of_id', id: randomUUID() }
    const sealed = await db.transaction((tx) => encryptForSubject(tx, subject, '22298765432'))
    expect(sealed).toMatch(/^s1:/)
    expect(sealed).not.toContain('22298765432')
    expect(await decryptForSubject(db, sealed)).toBe('22298765432')
    // One key per subject.
    const again = await db.transaction((tx) => encryptForSubject(tx, subject, 'B7654321'))
    expect(again.split(':')[1]).toBe(sealed.split(':')[1])

    expect(await db.transaction((tx) => destroySubjectKey(tx, subject))).toBe(true)
    expect(await decryptForSubject(db, sealed)).toBeNull()
    expect(await db.transaction((tx) => destroySubjectKey(tx, subject))).toBe(false)
  })

  it('keeps audit rows’ personal values and names sealed under the record’s key; the chain verifies after erasure', async () => {
    const db = await getDb()
    const resourceId = randomUUID()
    const row = await db.transaction((tx) =>
      appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'means_of_id',
        resourceId,
        action: 'UPDATE',
        before: { bvn: '22211112222', idNumber: 'A44443333', firstName: 'Ada' },
        after: { bvn: '22211119999', nested: [{ idNumber: 'A44440000' }] },
      }),
    )
    const raw = await db.execute(sql`SELECT before::text || after::text AS text FROM ${audits} WHERE id = ${row.id}`)
    const stored = (raw as unknown as { rows: { text: string }[] }).rows[0]!.text
    for (const clear of ['22211112222', 'A44443333', '22211119999', 'A44440000', 'Ada']) expect(stored).not.toContain(clear)

    const [shown] = await maskSealedValues(db, [{ before: row.before, after: row.after }])
    expect(shown).toEqual({
      before: { bvn: '*******2222', idNumber: '*****3333', firstName: 'Ada' },
      after: { bvn: '*******9999', nested: [{ idNumber: '*****0000' }] },
    })

    await db.transaction((tx) => destroySubjectKey(tx, { kind: 'means_of_id', id: resourceId }))
    const [erased] = await maskSealedValues(db, [{ before: row.before }])
    expect(erased).toEqual({ before: { bvn: ERASED_VALUE, idNumber: ERASED_VALUE, firstName: ERASED_VALUE } })
    expect((await verifyAuditChain({ db })).ok).toBe(true)
  })
})
