import { eq } from 'drizzle-orm'
import { TRUST_ROLES, type ShareholderRole } from '@/lib/contracts/kyc-values'
import { entityKeyOf, findLoop, OwnershipLoopError } from '@/lib/kyc/significant-control'
import type { Executor } from '@/server/db/client'
import { businesses, type Shareholder } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { controlNodesOf, shareholderName } from './ownership-nodes'

/**
 * Where a new shareholder may go (docs/ownership.md#the-declared-structure): a holding in the business or in a company;
 * a settlor, trustee or beneficiary under a trust; one principal under a nominee. Answers the parent row, or null.
 */
export function assertPlacement(rows: readonly Shareholder[], parentId: string | null, role: ShareholderRole | null) {
  if (!parentId) {
    if (role)
      throw new AppError(
        'VALIDATION_FAILED',
        'A settlor, trustee or beneficiary goes under a trust, a principal under a nominee',
        {
          field: 'parentShareholderId',
        },
      )
    return null
  }
  const parent = rows.find((r) => r.id === parentId)
  if (!parent)
    throw new AppError('VALIDATION_FAILED', 'Choose a corporate shareholder of this business', { field: 'parentShareholderId' })
  const refuse = (message: string, field = 'role') => {
    throw new AppError('VALIDATION_FAILED', message, { field })
  }
  if (parent.type === 'INDIVIDUAL') refuse('Only a corporate shareholder can have shareholders', 'parentShareholderId')
  if (parent.type === 'CORPORATE' && role) refuse(`A ${role.toLowerCase()} goes under a trust or a nominee, not a company`)
  if (parent.type === 'TRUST' && (!role || !TRUST_ROLES.includes(role)))
    refuse(
      `${shareholderName(parent)} is a trust: add its settlor, trustees and beneficiaries (role SETTLOR, TRUSTEE or BENEFICIARY)`,
    )
  if (parent.type === 'NOMINEE') {
    if (role !== 'PRINCIPAL') refuse(`${shareholderName(parent)} is a nominee: add the person it acts for (role PRINCIPAL)`)
    if (rows.some((r) => r.parentShareholderId === parent.id))
      refuse(`${shareholderName(parent)} already names the person it acts for`, 'parentShareholderId')
  }
  return parent
}

/**
 * 400 on `registrationNumber` when a company, trust or nominee would hold, through the layers between, in itself or in
 * the business: the message names the loop. `rows` is the shareholding as it would be.
 */
export async function assertNoLoop(db: Executor, options: { rows: readonly Shareholder[]; businessId: string }) {
  const [business] = await db
    .select({ name: businesses.name, regNo: businesses.regNo })
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
  const loop = findLoop(controlNodesOf(options.rows), {
    rootEntityKey: entityKeyOf(business?.regNo),
    rootName: business?.name ?? 'the business',
  })
  if (loop) throw new AppError('VALIDATION_FAILED', new OwnershipLoopError(loop).message, { field: 'registrationNumber' })
}
