import type { Business } from '../api/types'
import { BUSINESS_PATHS } from './business-paths'

export type OutstandingTone = 'danger' | 'warning' | 'info'

export interface OutstandingItem {
  id: 'declined' | 'kyc' | 'approval' | 'recertification' | 'products'
  tone: OutstandingTone
  title: string
  description: string
  href?: string
  linkLabel?: string
}

/** Recertification shows as coming up this many days before its date. */
export const RECERTIFICATION_NOTICE_DAYS = 60
const DAY_MS = 86_400_000

/** `2026-03-01` (a date) or an ISO date-time → a local Date; null when unreadable. */
export function readDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-NG', { day: '2-digit', month: 'short', year: 'numeric' })

/** `05 Jan 2026`; an em dash when unreadable. */
export function formatDay(value: string | null | undefined): string {
  const date = readDate(value)
  return date ? DAY_FORMAT.format(date) : '—'
}

/**
 * What the business still has to do or wait for, from what the API says about it today: a declined application,
 * KYC not marked complete, approval pending, recertification due or overdue, and no product yet
 * (`productCount` null while the products are unknown).
 */
export function outstandingItems(business: Business, productCount: number | null, now: Date = new Date()): OutstandingItem[] {
  const items: OutstandingItem[] = []
  const kycHref = BUSINESS_PATHS.kyc(business.id)

  if (business.approvalStatus === 'DECLINED') {
    items.push({
      id: 'declined',
      tone: 'danger',
      title: 'Your registration was declined',
      description: business.decision?.comment
        ? `The reviewers' reason: “${business.decision.comment}”. Correct what it points to, then mark the KYC complete again to resubmit it.`
        : 'Correct the KYC details the reviewers asked about, then mark the KYC complete again to resubmit it.',
      href: kycHref,
      linkLabel: 'Review your KYC',
    })
  } else if (!business.kycDetailsCompleted && business.approvalStatus !== 'APPROVED') {
    items.push({
      id: 'kyc',
      tone: 'warning',
      title: 'Complete your KYC',
      description: 'Company details, addresses, means of ID, shareholders and documents; then mark the KYC complete.',
      href: kycHref,
      linkLabel: 'Continue KYC',
    })
  }

  if (business.approvalStatus === 'PENDING') {
    items.push({
      id: 'approval',
      tone: 'info',
      title: 'Pending approval',
      description: business.kycDetailsCompleted
        ? 'Our compliance team is reviewing your KYC. We will e-mail you their decision.'
        : 'The review starts once your KYC is marked complete.',
    })
  }

  const recertification = readDate(business.recertificationDate)
  if (recertification) {
    const daysLeft = Math.ceil((recertification.getTime() - now.getTime()) / DAY_MS)
    if (daysLeft < 0) {
      items.push({
        id: 'recertification',
        tone: 'danger',
        title: 'Recertification overdue',
        description: `Recertification was due on ${formatDay(business.recertificationDate)}. Update and confirm your KYC to lift the block.`,
        href: kycHref,
        linkLabel: 'Update your KYC',
      })
    } else if (daysLeft <= RECERTIFICATION_NOTICE_DAYS) {
      items.push({
        id: 'recertification',
        tone: 'warning',
        title: 'Recertification due',
        description: `Recertification is due on ${formatDay(business.recertificationDate)}. Check that your KYC is still correct.`,
        href: kycHref,
        linkLabel: 'Review your KYC',
      })
    }
  }

  if (productCount === 0) {
    items.push({
      id: 'products',
      tone: 'info',
      title: 'No products yet',
      description: 'Apply for the products your business needs.',
      href: BUSINESS_PATHS.products,
      linkLabel: 'Browse products',
    })
  }
  return items
}
