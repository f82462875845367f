import { AppError } from './app-error'
import type { Actor } from './context'

/**
 * Four-eyes (docs/domain.md#four-eyes): whoever registered the business, belongs to it, or made the record under review (uploaded
 * the document, requested the deferral, applied) never decides it nor prepares its decision. 403 FOUR_EYES;
 * `what` completes "another reviewer must …". A decision that does not bar the registrar passes `createdBy: null`.
 */
export function assertFourEyes(
  actor: Actor,
  business: { id: string; createdBy: string | null },
  what: string,
  makers: readonly (string | null)[] = [],
) {
  if (makers.includes(actor.userId)) throw new AppError('FOUR_EYES', `You made this record, so another reviewer must ${what}`)
  if (business.createdBy === actor.userId)
    throw new AppError('FOUR_EYES', `You registered this business, so another reviewer must ${what}`)
  if (actor.memberships.some((m) => m.businessId === business.id))
    throw new AppError('FOUR_EYES', `You belong to this business, so another reviewer must ${what}`)
}
