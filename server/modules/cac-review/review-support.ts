import { eq } from 'drizzle-orm'
import type { BulkItemResult, BulkResult } from '@/lib/contracts/cac-review'
import type { Executor } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import type { RenderedMail } from '@/server/integrations/mail/templates'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { STATUS_BY_CODE } from '@/server/http/errors'
import { logger } from '@/server/logger'
import { mailBusinessOwners } from '@/server/modules/reviews/notify-owners'

/** Staff review of documents, deferrals and verification items: what every one of those decisions shares. */

type BusinessRow = typeof businesses.$inferSelect

export async function businessRowOf(db: Executor, businessId: string): Promise<BusinessRow> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId))
  if (!row) throw new AppError('NOT_FOUND', 'Business not found')
  return row
}

/**
 * Four-eyes (domain.md): whoever registered the business, belongs to it, or made the record under review (uploaded
 * the document, requested the deferral) never decides it. `what` completes "another reviewer must …".
 */
export function assertFourEyes(actor: Actor, business: Pick<BusinessRow, 'id' | 'createdBy'>, what: string, makers: readonly (string | null)[] = []) {
  if (makers.includes(actor.userId)) throw new AppError('FOUR_EYES', `You made this record, so another reviewer must ${what}`)
  if (business.createdBy === actor.userId) throw new AppError('FOUR_EYES', `You registered this business, so another reviewer must ${what}`)
  if (actor.memberships.some((m) => m.businessId === business.id)) throw new AppError('FOUR_EYES', `You belong to this business, so another reviewer must ${what}`)
}

/** E-mails the business's owners after a decision committed; a failed outbox write never undoes the decision. */
export async function notifyOwners(db: Executor, business: { id: string; email: string }, mail: RenderedMail) {
  try {
    await mailBusinessOwners(db, business, mail)
  } catch (error) {
    logger.error({ err: error, businessId: business.id, template: mail.template }, 'decision e-mail could not be recorded')
  }
}

/**
 * Bulk decisions: each id is decided on its own (its own transaction, its own refusal), one after the other, and the
 * answer reports every item with the status and code the single call would have answered.
 */
export async function runBulk(ids: readonly string[], decideOne: (id: string) => Promise<unknown>): Promise<BulkResult> {
  const results: BulkItemResult[] = []
  for (const id of ids) {
    try {
      await decideOne(id)
      results.push({ id, status: 200 })
    } catch (error) {
      if (error instanceof AppError) {
        results.push({ id, status: STATUS_BY_CODE[error.code], code: error.code, message: error.details[0]?.message ?? error.message })
      } else {
        logger.error({ err: error, id }, 'bulk decision item failed')
        results.push({ id, status: 500, code: 'INTERNAL', message: 'Something went wrong on our side with this one; try it again.' })
      }
    }
  }
  const succeeded = results.filter((r) => r.status === 200).length
  return { results, succeeded, failed: results.length - succeeded }
}
