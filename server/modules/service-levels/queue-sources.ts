import { sql, type SQL } from 'drizzle-orm'
import type { Queue } from '@/lib/contracts/service-level-values'
import { PERMISSIONS as P, type Permission } from '@/lib/permissions/names'

/**
 * What each queue holds, as one SQL shape (docs/service-levels.md#queues): its open items with when each entered the
 * queue, its business (if any), the assignee its own table keeps (only the business review has one) and who may not
 * decide it (its maker, four-eyes). Each source reads the same predicate as the queue's own list.
 */
export interface QueueSource {
  queue: Queue
  /** The permission that decides an item: who may be assigned one and take the next. */
  decidingPermission: Permission
  /** Columns: item_id text, business_id uuid, entered_at timestamptz, own_assignee uuid, maker_id uuid. */
  open: SQL
}

const businessReview = sql`
  SELECT b.id::text AS item_id, b.id AS business_id,
    coalesce((SELECT max(a.created_at) FROM audits a
      WHERE a.action IN ('KYC_COMPLETED', 'KYC_RESUBMITTED') AND a.resource = 'business' AND a.resource_id = b.id::text
        AND a.after->>'kycDetailsCompleted' = 'true'
        AND (a.before IS NULL OR a.before->>'kycDetailsCompleted' IS DISTINCT FROM 'true')), b.created_at) AS entered_at,
    b.assignee_id AS own_assignee, b.created_by AS maker_id
  FROM businesses b
  WHERE b.approval_status = 'PENDING' AND b.kyc_details_completed AND b.archive_status = 'ACTIVE'`

const cacDocuments = sql`
  SELECT k.kyc_details_id::text AS item_id, k.business_id, max(k.created_at) AS entered_at,
    NULL::uuid AS own_assignee, NULL::uuid AS maker_id
  FROM kyc_documents k
  JOIN kyc_document_types t ON t.id = k.document_type_id AND t.is_cac
  JOIN businesses b ON b.id = k.business_id
  WHERE k.superseded_at IS NULL AND b.archive_status = 'ACTIVE'
    AND NOT (b.approval_status = 'PENDING' AND NOT b.kyc_details_completed)
  GROUP BY k.kyc_details_id, k.business_id
  HAVING bool_or(k.status = 'PENDING')`

const deferrals = sql`
  SELECT d.id::text AS item_id, d.business_id, d.created_at AS entered_at,
    NULL::uuid AS own_assignee, d.requested_by AS maker_id
  FROM deferrals d WHERE d.status = 'PENDING'`

const productApplications = sql`
  SELECT o.id::text AS item_id, o.business_id, coalesce(o.submitted_at, o.created_at) AS entered_at,
    NULL::uuid AS own_assignee, o.created_by AS maker_id
  FROM onboarding_products o WHERE o.status = 'IN_REVIEW'`

const authorizations = sql`
  SELECT z.id::text AS item_id, NULL::uuid AS business_id, z.created_at AS entered_at,
    NULL::uuid AS own_assignee, z.maker_id
  FROM authorizations z WHERE z.status = 'PENDING'`

const verificationItems = sql`
  SELECT v.id::text AS item_id, v.business_id, v.created_at AS entered_at,
    NULL::uuid AS own_assignee, NULL::uuid AS maker_id
  FROM kyc_verifications v WHERE v.status = 'PENDING' AND v.superseded_at IS NULL AND v.waived_at IS NULL`

const screeningHits = sql`
  SELECT h.id::text AS item_id, h.business_id, h.created_at AS entered_at,
    NULL::uuid AS own_assignee, NULL::uuid AS maker_id
  FROM screening_hits h WHERE h.status = 'OPEN'`

const seniorApprovals = sql`
  SELECT f.business_id::text AS item_id, f.business_id, f.approved_at AS entered_at,
    NULL::uuid AS own_assignee, f.approved_by AS maker_id
  FROM risk_first_approvals f JOIN businesses b ON b.id = f.business_id
  WHERE b.approval_status = 'PENDING' AND b.archive_status = 'ACTIVE'`

const supportInquiries = sql`
  SELECT s.id::text AS item_id, NULL::uuid AS business_id, s.created_at AS entered_at,
    NULL::uuid AS own_assignee, NULL::uuid AS maker_id
  FROM support_inquiries s WHERE s.status = 'OPEN'`

export const QUEUE_SOURCES: Readonly<Record<Queue, QueueSource>> = {
  BUSINESS_REVIEW: { queue: 'BUSINESS_REVIEW', decidingPermission: P.CAN_APPROVE_BUSINESS, open: businessReview },
  CAC_DOCUMENTS: { queue: 'CAC_DOCUMENTS', decidingPermission: P.CAN_APPROVE_CAC_DOCUMENT, open: cacDocuments },
  DEFERRALS: { queue: 'DEFERRALS', decidingPermission: P.CAN_APPROVE_DEFERRAL, open: deferrals },
  PRODUCT_APPLICATIONS: {
    queue: 'PRODUCT_APPLICATIONS',
    decidingPermission: P.CAN_APPROVE_ONBOARD_PRODUCT,
    open: productApplications,
  },
  AUTHORIZATIONS: { queue: 'AUTHORIZATIONS', decidingPermission: P.CAN_UPDATE_AUTHORIZATION, open: authorizations },
  VERIFICATION_ITEMS: { queue: 'VERIFICATION_ITEMS', decidingPermission: P.CAN_UPDATE_KYC_STATUS, open: verificationItems },
  SCREENING_HITS: { queue: 'SCREENING_HITS', decidingPermission: P.CAN_ADJUDICATE_SCREENING, open: screeningHits },
  SENIOR_APPROVALS: { queue: 'SENIOR_APPROVALS', decidingPermission: P.CAN_APPROVE_HIGH_RISK, open: seniorApprovals },
  SUPPORT_INQUIRIES: { queue: 'SUPPORT_INQUIRIES', decidingPermission: P.CAN_READ_USER, open: supportInquiries },
}

/**
 * Whether an assignment in `queue_assignments` (alias `alias`) holds the item at its entry `enteredAt`: one made before
 * the item last entered its queue (a CAC set with a new document, a product application submitted again after its
 * decline) was for an earlier turn, and the item waits unassigned again. To the millisecond, as a JS date stores them.
 */
export function assignmentHolds(alias: string, enteredAt: SQL): SQL {
  return sql`date_trunc('milliseconds', ${sql.raw(alias)}.assigned_at) >= date_trunc('milliseconds', ${enteredAt})`
}

/**
 * A queue's open items with their assignee (the queue's own column, else `queue_assignments` made since the item
 * entered: `assignmentHolds`), as a subquery `q` with
 * columns item_id, business_id, entered_at, assignee_id and maker_ids: everyone the item's decision refuses
 * (`assertFourEyes`, server/http/four-eyes.ts): the record's maker, whoever registered its business and the business's
 * active members. A queue never gives an item to one of them.
 */
export function openItemsOf(queue: Queue): SQL {
  const source = QUEUE_SOURCES[queue]
  return sql`(SELECT o.item_id, o.business_id, o.entered_at, coalesce(o.own_assignee, qa.assignee_id) AS assignee_id,
      array_remove(ARRAY[o.maker_id, b.created_by]
        || coalesce((SELECT array_agg(bu.user_id) FROM business_users bu WHERE bu.business_id = o.business_id AND bu.is_active),
          '{}'::uuid[]), NULL)::text[] AS maker_ids
    FROM (${source.open}) o
    LEFT JOIN businesses b ON b.id = o.business_id
    LEFT JOIN queue_assignments qa ON qa.queue = ${queue} AND qa.item_id = o.item_id
      AND ${assignmentHolds('qa', sql`o.entered_at`)}) q`
}

/** Whoever decides some queue: the routes of "Next item" and claims (the service checks the queue's own permission). */
export const QUEUE_DECIDERS = [...new Set(Object.values(QUEUE_SOURCES).map((s) => s.decidingPermission))]

/**
 * An item's entry as a breach stores it: through a JS date, so to the millisecond, while a column filled by now()
 * holds microseconds. Compared unrounded, an escalated item never matched its breach: it was read again every run
 * (and filled the batch), and showed as decided.
 */
export const enteredAtAsStored = sql.raw(`date_trunc('milliseconds', q.entered_at)`)
