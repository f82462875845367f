import { and, desc, eq, or, sql } from 'drizzle-orm'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { normaliseRegistrationNumber } from '@/lib/validation/registration-number'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { businesses, businessUsers, existingProfileRequests, roles, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess } from '@/server/http/scope'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { accessRequestDecisionMail, accessRequestMail } from '@/server/integrations/mail/templates'

/** `Adebayo Foods Limited` → `Ad***** Fo*** Li*****`: enough to recognise, not enough to harvest. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.length <= 2 ? word : word.slice(0, 2) + '*'.repeat(word.length - 2)))
    .join(' ')
}

async function findByIdentifier(db: Executor, identifier: string) {
  const regNo = normaliseRegistrationNumber(identifier)
  const email = identifier.trim().toLowerCase()
  const [row] = await db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(or(regNo ? eq(businesses.regNo, regNo) : sql`false`, eq(sql`lower(${businesses.email})`, email)))
    .limit(1)
  return row
}

export async function lookUpExistingProfile(options: { db: Executor; identifier: string }) {
  const found = await findByIdentifier(options.db, options.identifier)
  return { exists: !!found, maskedName: found ? maskName(found.name) : null }
}

/**
 * Asks the owners of an existing business for access; they are e-mailed and decide on manage-users. For business
 * users only: staff reach every business through their role and never join one this way, and read-only staff (the
 * auditor) change nothing, so staff get 403.
 */
export async function requestProfileAccess(options: {
  db: Database
  actor: Actor
  identifier: string
  message?: string
  audit: AuditContext
}) {
  const { db, actor } = options
  if (actor.isStaff) throw new AppError('FORBIDDEN', 'Staff do not join businesses through an access request')
  const found = await findByIdentifier(db, options.identifier)
  if (!found) throw new AppError('NOT_FOUND', 'No business matches this registration number or e-mail', { field: 'identifier' })
  if (actor.memberships.some((m) => m.businessId === found.id))
    throw new AppError('CONFLICT', 'You already belong to this business')
  const [pending] = await db
    .select({ id: existingProfileRequests.id })
    .from(existingProfileRequests)
    .where(
      and(
        eq(existingProfileRequests.businessId, found.id),
        eq(existingProfileRequests.requesterId, actor.userId),
        eq(existingProfileRequests.status, 'PENDING'),
      ),
    )
  if (pending) throw new AppError('CONFLICT', 'You have already asked for access to this business; its owners will decide')

  const request = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(existingProfileRequests)
      .values({ businessId: found.id, requesterId: actor.userId, message: options.message ?? null })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'existing_profile_request',
      resourceId: row!.id,
      action: 'CREATE',
      after: { businessId: found.id },
    })
    return row!
  })
  const owners = await db
    .select({ email: users.email })
    .from(businessUsers)
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, found.id), eq(roles.name, 'BUSINESS_OWNER'), eq(businessUsers.isActive, true)))
  for (const owner of owners) {
    await sendMail({
      db,
      to: owner.email,
      mail: accessRequestMail({
        businessName: found.name,
        requester: `${actor.firstName} ${actor.lastName} (${actor.email})`,
        url: portalLinks.manageUsers(found.id),
      }),
    })
  }
  return { id: request.id, status: request.status, maskedName: maskName(found.name) }
}

const requestColumns = {
  id: existingProfileRequests.id,
  businessId: existingProfileRequests.businessId,
  message: existingProfileRequests.message,
  status: existingProfileRequests.status,
  createdAt: existingProfileRequests.createdAt,
  decidedAt: existingProfileRequests.decidedAt,
  requesterId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
}

interface RequestRow {
  id: string
  businessId: string
  message: string | null
  status: 'PENDING' | 'ACCEPTED' | 'REFUSED'
  createdAt: Date
  decidedAt: Date | null
  requesterId: string
  email: string
  firstName: string
  lastName: string
}

const toAccessRequest = (r: RequestRow) => ({
  id: r.id,
  businessId: r.businessId,
  requester: { id: r.requesterId, email: r.email, firstName: r.firstName, lastName: r.lastName },
  message: r.message,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
})

/** Reading and deciding requests for access to a business: its users who may invite, or staff. */
export const ACCESS_REQUEST_DECIDE = PERMISSIONS.CAN_ADD_BUSINESS_USER

export async function findAccessRequests(options: { db: Executor; actor: Actor; businessId: string }) {
  assertBusinessAccess(options.actor, options.businessId, ACCESS_REQUEST_DECIDE)
  const rows = await options.db
    .select(requestColumns)
    .from(existingProfileRequests)
    .innerJoin(users, eq(users.id, existingProfileRequests.requesterId))
    .where(eq(existingProfileRequests.businessId, options.businessId))
    .orderBy(desc(existingProfileRequests.createdAt))
    .limit(100)
  return rows.map(toAccessRequest)
}

/** One winner: the decision is a conditional update from PENDING; a second decision answers 409. */
export async function decideAccessRequest(options: {
  db: Database
  actor: Actor
  id: string
  decision: 'ACCEPTED' | 'REFUSED'
  audit: AuditContext
}) {
  const { db, actor } = options
  const [request] = await db.select().from(existingProfileRequests).where(eq(existingProfileRequests.id, options.id))
  if (!request) throw new AppError('NOT_FOUND', 'Request not found')
  assertBusinessAccess(actor, request.businessId, ACCESS_REQUEST_DECIDE)

  await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(existingProfileRequests)
      .set({ status: options.decision, decidedBy: actor.userId, decidedAt: new Date() })
      .where(and(eq(existingProfileRequests.id, request.id), eq(existingProfileRequests.status, 'PENDING')))
      .returning()
    if (!decided) throw new AppError('INVALID_STATE', `This request has already been decided (${statusWords(request.status)})`)
    if (options.decision === 'ACCEPTED') {
      const [member] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'BUSINESS_MEMBER'))
      await tx
        .insert(businessUsers)
        .values({ businessId: request.businessId, userId: request.requesterId, roleId: member!.id })
        .onConflictDoNothing()
    }
    await appendAudit(tx, options.audit, {
      resource: 'existing_profile_request',
      resourceId: request.id,
      action: options.decision === 'ACCEPTED' ? 'ACCEPT' : 'REFUSE',
      before: { status: 'PENDING' },
      after: { status: options.decision },
    })
  })
  const [requester] = await db.select().from(users).where(eq(users.id, request.requesterId))
  const [business] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, request.businessId))
  await sendMail({
    db,
    to: requester!.email,
    mail: accessRequestDecisionMail({
      firstName: requester!.firstName,
      businessName: business!.name,
      accepted: options.decision === 'ACCEPTED',
      loginUrl: portalLinks.login(),
    }),
  })
  const [row] = await db
    .select(requestColumns)
    .from(existingProfileRequests)
    .innerJoin(users, eq(users.id, existingProfileRequests.requesterId))
    .where(eq(existingProfileRequests.id, request.id))
  return toAccessRequest(row!)
}
