import { and, asc, eq, isNull } from 'drizzle-orm'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, kycDetails, meansOfIds, registryExtracts, shareholders, users } from '@/server/db/schema'
import { lockBusinessRow } from '@/server/records/business-record'
import { syncVerificationItems } from '@/server/records/verification-items'
import { demoBusinessRegNos } from './demo-businesses'

/**
 * The demo business with a registry extract (docs/ownership.md#registry-check), by index: Yola Solar Energy, pending
 * review. Not Zaria Textiles Limited, the demo's ownership group: it holds the demo approver's first approval for the
 * senior manager's (demo-risk.ts), which an open difference would block.
 */
export const DEMO_REGISTRY_CHECK = 16

/** The director the demo extract lists and the business did not declare. */
export const DEMO_UNDECLARED_DIRECTOR = 'Amina Bello'

/**
 * Demo mode, after the staff queues and the risk seed: the demo business gets a registry extract, entered by the demo
 * KYC analyst, that matches its declared directors and direct shareholders but for one director, so one difference is
 * open for a reviewer to resolve with a reason. Idempotent: nothing when it has an extract.
 */
export async function seedDemoRegistryExtract(db: Database): Promise<void> {
  const regNo = demoBusinessRegNos()[DEMO_REGISTRY_CHECK]
  if (!regNo) return
  const [business] = await db
    .select({ id: businesses.id, kycDetailsId: kycDetails.id })
    .from(businesses)
    .innerJoin(kycDetails, eq(kycDetails.businessId, businesses.id))
    .where(and(eq(businesses.regNo, regNo), eq(businesses.approvalStatus, 'PENDING'), eq(businesses.kycDetailsCompleted, true)))
  if (!business) return
  if (
    (await db.select({ id: registryExtracts.id }).from(registryExtracts).where(eq(registryExtracts.businessId, business.id)))
      .length
  )
    return
  const [analyst] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@example.com'))
  await db.transaction(async (tx) => {
    if (!(await lockBusinessRow(tx, business.id))) return
    const [directors, holders] = await Promise.all([
      tx
        .select({ firstName: meansOfIds.firstName, lastName: meansOfIds.lastName })
        .from(meansOfIds)
        .where(and(eq(meansOfIds.kycDetailsId, business.kycDetailsId), eq(meansOfIds.role, 'DIRECTOR'))),
      tx
        .select()
        .from(shareholders)
        .where(and(eq(shareholders.kycDetailsId, business.kycDetailsId), isNull(shareholders.parentShareholderId)))
        .orderBy(asc(shareholders.createdAt)),
    ])
    const kindOf = { INDIVIDUAL: 'PERSON', CORPORATE: 'COMPANY', TRUST: 'TRUST', NOMINEE: 'NOMINEE' } as const
    const [extract] = await tx
      .insert(registryExtracts)
      .values({
        businessId: business.id,
        provider: 'MANUAL',
        source: 'CAC status report (demo data)',
        retrievedOn: new Date().toISOString().slice(0, 10),
        // As the registry writes them: surname first, in capitals.
        directors: [
          ...directors.map((d) => ({ name: `${d.lastName.toUpperCase()}, ${d.firstName}` })),
          { name: DEMO_UNDECLARED_DIRECTOR },
        ],
        shareholders: holders.map((h) => ({
          name: h.type === 'INDIVIDUAL' ? `${h.lastName ?? ''} ${h.firstName ?? ''}`.trim() : (h.companyName ?? ''),
          kind: kindOf[h.type],
          percentage: h.percentageUnits / 100,
        })),
        enteredBy: analyst?.id ?? null,
      })
      .returning()
    await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'registry_extract',
      resourceId: business.id,
      action: 'ENTER',
      after: extract,
    })
    await syncVerificationItems(tx, business.id, SYSTEM_AUDIT_CONTEXT)
  })
}
