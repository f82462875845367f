import { inArray, like } from 'drizzle-orm'
import { KYC_DETAIL_TYPES } from '@/lib/contracts/kyc-values'
import { DEFAULT_TARGET_DAYS } from '@/lib/contracts/service-level-values'
import { businessCalendar, dueAt } from '@/lib/format/business-days'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import {
  businessCategories,
  businessComments,
  businesses,
  businessReviewEvents,
  businessTypes,
  draftForms,
  queueBreaches,
  users,
} from '@/server/db/schema'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { reviewWaitOf } from '@/server/records/review-wait'

const TOWNS = ['Aba', 'Ikeja', 'Kaduna', 'Nnewi', 'Oyo', 'Minna', 'Lafia', 'Awka', 'Ede', 'Bida', 'Ogbomosho', 'Suleja']
const TRADES = ['Poultry', 'Printing', 'Tiles', 'Logistics', 'Bakery', 'Pharmacy', 'Furniture', 'Solar', 'Rice Mill', 'Catering']
const DECLINE_REASONS = [
  'The means of ID of a director has expired. Upload a current passport or national ID card.',
  'The utility bill for the operating address is older than three months. Upload a recent one.',
  'The CAC status report names a director who is not listed here. Add every director, then resubmit.',
  'The certificate of registration does not match the business name registered here.',
  'The shareholding does not add up to 100%. Correct the shareholders to match the CAC 2.',
]
const DAY = 86_400_000
/** The history businesses' registration numbers start here (the demo businesses' are RC/BN 1,000,100 onwards). */
const REG_BASE = 3_100_000
const REG_PREFIX = `BN${String(REG_BASE).slice(0, 3)}`

/** A small deterministic generator, so every demo database gets the same history. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0
    return s / 2 ** 32
  }
}

/**
 * Demo mode: a year of the business review queue for the operations dashboard (docs/operations-dashboard.md), written
 * to the tables the product writes when it works: businesses registered complete over the last twelve months and
 * decided 1 to 12 days later (the decision with its reason in `business_review_events`, its comment in
 * `business_comments`), the escalation of each decided past its due time (`queue_breaches`), and applicants who
 * stopped in the KYC (their drafts). They have no owner. Idempotent: nothing is written when the history is there.
 */
export async function seedDemoOperations(db: Database, now = new Date()): Promise<void> {
  const [already] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(like(businesses.regNo, `${REG_PREFIX}%`))
    .limit(1)
  if (already) return
  const reviewers = await db
    .select()
    .from(users)
    .where(inArray(users.email, ['approver@example.com', 'approver2@example.com', 'senior@example.com']))
  const types = await db.select({ id: businessTypes.id }).from(businessTypes)
  const categories = await db.select({ id: businessCategories.id }).from(businessCategories)
  if (!reviewers.length || !types.length || !categories.length) return

  const next = random(20_261_130)
  const calendar = businessCalendar()
  const target = DEFAULT_TARGET_DAYS.BUSINESS_REVIEW
  const rows: (typeof businesses.$inferInsert)[] = []
  const decisions: {
    index: number
    decidedAt: Date
    declined: boolean
    reviewer: (typeof reviewers)[number]
    reason: string | null
    breach: Date | null
  }[] = []
  const stops: { index: number; step: number }[] = []
  let n = 0
  for (let month = 11; month >= 0; month--) {
    // More each month, as a portal grows, with some noise.
    const perMonth = 8 + (11 - month) + Math.floor(next() * 5)
    for (let k = 0; k < perMonth + 3; k++) {
      const createdAt = new Date(now.getTime() - (month * 30 + next() * 30) * DAY)
      const decidedAt = new Date(createdAt.getTime() + (0.3 + next() ** 2 * 12) * DAY)
      const index = n++
      const complete = k < perMonth && decidedAt < now
      const declined = complete && next() < 0.22
      const town = TOWNS[index % TOWNS.length]!
      const trade = TRADES[Math.floor(index / TOWNS.length) % TRADES.length]!
      rows.push({
        name: `${town} ${trade} Enterprises ${index + 1}`,
        regNo: `BN${REG_BASE + index}`,
        registrationClass: 'BN',
        typeId: types[index % types.length]!.id,
        categoryId: categories[index % categories.length]!.id,
        email: `history${index + 1}@example.ng`,
        phone: `+23481${String(60_000_000 + index).padStart(8, '0')}`,
        addressLine1: `${5 + (index % 90)} Market Road`,
        city: town,
        country: 'Nigeria',
        state: 'Lagos',
        lga: 'Ikeja',
        approvalStatus: complete ? (declined ? 'DECLINED' : 'APPROVED') : 'PENDING',
        approvedAt: complete && !declined ? decidedAt : null,
        kycDetailsCompleted: complete && !declined,
        recertificationDate: complete && !declined ? '2027-12-31' : null,
        createdAt,
        updatedAt: complete ? decidedAt : createdAt,
      })
      if (complete) {
        const due = dueAt(createdAt, target, calendar)
        decisions.push({
          index,
          decidedAt,
          declined,
          reviewer: reviewers[index % reviewers.length]!,
          reason: declined ? DECLINE_REASONS[Math.floor(next() * DECLINE_REASONS.length)]! : null,
          breach: decidedAt > due ? due : null,
        })
      } else stops.push({ index, step: Math.floor(next() * (KYC_DETAIL_TYPES.length + 1)) })
    }
  }

  const assess = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(businesses)
      .values(rows)
      .returning({ id: businesses.id, regNo: businesses.regNo, completed: businesses.kycDetailsCompleted })
    const idOf = (index: number) => inserted.find((b) => b.regNo === `BN${REG_BASE + index}`)!.id
    const nameOf = (u: (typeof reviewers)[number]) => `${u.firstName} ${u.lastName}`
    await tx.insert(businessComments).values(
      decisions.map((d) => ({
        businessId: idOf(d.index),
        authorId: d.reviewer.id,
        authorName: nameOf(d.reviewer),
        body: d.reason ?? 'KYC complete and consistent with the CAC records.',
        decision: d.declined ? ('DECLINED' as const) : ('APPROVED' as const),
        createdAt: d.decidedAt,
      })),
    )
    const breached = decisions.filter((d) => d.breach)
    if (breached.length)
      await tx.insert(queueBreaches).values(
        breached.map((d) => ({
          queue: 'BUSINESS_REVIEW' as const,
          itemId: idOf(d.index),
          businessId: idOf(d.index),
          enteredAt: rows[d.index]!.createdAt!,
          dueAt: d.breach!,
          breachedAt: new Date(d.breach!.getTime() + 60_000),
          assigneeId: d.reviewer.id,
        })),
      )
    // After the escalations: each decision stores the wait it ended as the decision service does.
    await tx.insert(businessReviewEvents).values(
      decisions.map((d) => ({
        businessId: idOf(d.index),
        kind: 'DECISION' as const,
        decision: d.declined ? ('DECLINED' as const) : ('APPROVED' as const),
        reason: d.reason,
        actorId: d.reviewer.id,
        actorName: nameOf(d.reviewer),
        createdAt: d.decidedAt,
        ...reviewWaitOf(idOf(d.index), d.decidedAt),
      })),
    )
    const drafts = stops.flatMap(({ index, step }) =>
      KYC_DETAIL_TYPES.slice(0, step).map((type, i) => ({
        businessId: idOf(index),
        kycDetailTypeId: type,
        data: {},
        createdAt: new Date(rows[index]!.createdAt!.getTime() + i * 3_600_000),
        updatedAt: new Date(rows[index]!.createdAt!.getTime() + i * 3_600_000),
      })),
    )
    if (drafts.length) await tx.insert(draftForms).values(drafts)
    await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'business',
      action: 'SEED_DEMO_HISTORY',
      after: { businesses: rows.length, decisions: decisions.length, escalated: breached.length, stoppedInKyc: stops.length },
    })
    return inserted.filter((b) => b.completed).map((b) => b.id)
  })
  // As the product does on a KYC submission: an approved business is never left unassessed (the risk model's dry run
  // and the tier filters would otherwise count them as "Not assessed").
  for (const businessId of assess) await recomputeRiskNow(db, { businessId, reason: 'KYC_CHANGED', audit: SYSTEM_AUDIT_CONTEXT })
}
