import { and, eq, ne } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { eddAnswers, shareholders, type Shareholder } from '@/server/db/schema'
import { shareholderPersonKey } from '@/server/modules/kyc/ownership-nodes'

/**
 * A beneficial owner's source of wealth (enhanced due diligence, docs/risk.md#enhanced-due-diligence) is about the
 * person, not the business: it is kept per person (`personKey`), so it belongs to each of their shareholder records
 * in the KYC.
 */
export async function sourceOfWealthOf(db: Executor, row: Shareholder) {
  const [answer] = await db
    .select({ id: eddAnswers.id, answer: eddAnswers.answer, createdAt: eddAnswers.createdAt, updatedAt: eddAnswers.updatedAt })
    .from(eddAnswers)
    .where(
      and(
        eq(eddAnswers.kycDetailsId, row.kycDetailsId),
        eq(eddAnswers.item, 'SOURCE_OF_WEALTH'),
        eq(eddAnswers.personKey, shareholderPersonKey(row)),
      ),
    )
  return answer ?? null
}

/**
 * Erasing a shareholder removes their source of wealth with them, unless the same person still holds through
 * another record of the KYC (the answer is then still theirs, and still required). Call it before the record is
 * pseudonymised: the person key is made from the name and the BVN's index. Answers the removed answer's id.
 */
export async function removeSourceOfWealth(tx: Executor, row: Shareholder): Promise<string | null> {
  const key = shareholderPersonKey(row)
  const others = await tx
    .select()
    .from(shareholders)
    .where(and(eq(shareholders.kycDetailsId, row.kycDetailsId), ne(shareholders.id, row.id), eq(shareholders.type, 'INDIVIDUAL')))
  if (others.some((other) => shareholderPersonKey(other) === key)) return null
  const [removed] = await tx
    .delete(eddAnswers)
    .where(
      and(eq(eddAnswers.kycDetailsId, row.kycDetailsId), eq(eddAnswers.item, 'SOURCE_OF_WEALTH'), eq(eddAnswers.personKey, key)),
    )
    .returning({ id: eddAnswers.id })
  return removed?.id ?? null
}
