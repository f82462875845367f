import { eq } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import type { RenderedMail } from '@/server/integrations/mail/templates'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
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
 * Four-eyes (docs/domain.md#four-eyes): whoever registered the business, belongs to it, or made the record under review
 * (uploaded the document, requested the deferral) never decides it. `what` completes "another reviewer must …".
 */
export function assertFourEyes(
  actor: Actor,
  business: Pick<BusinessRow, 'id' | 'createdBy'>,
  what: string,
  makers: readonly (string | null)[] = [],
) {
  if (makers.includes(actor.userId)) throw new AppError('FOUR_EYES', `You made this record, so another reviewer must ${what}`)
  if (business.createdBy === actor.userId)
    throw new AppError('FOUR_EYES', `You registered this business, so another reviewer must ${what}`)
  if (actor.memberships.some((m) => m.businessId === business.id))
    throw new AppError('FOUR_EYES', `You belong to this business, so another reviewer must ${what}`)
}

/** E-mails the business's owners after a decision committed; a failed outbox write never undoes the decision. */
export async function notifyOwners(db: Executor, business: { id: string; email: string }, mail: RenderedMail) {
  try {
    await mailBusinessOwners(db, business, mail)
  } catch (error) {
    logger.error({ err: error, businessId: business.id, template: mail.template }, 'decision e-mail could not be recorded')
  }
}
