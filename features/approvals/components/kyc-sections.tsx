import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { FilePreview } from '@/components/review/file-preview'
import { PersonDetails } from '@/components/review/person-details'
import { RevealIdentityNumber } from '@/components/review/reveal-identity-number'
import { ShareholdersTable } from '@/components/review/shareholders-table'
import { Button } from '@/components/ui/button'
import { cx } from '@/components/ui/cx'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { documentLabel } from '@/lib/contracts/kyc-document-values'
import { idHolderRoles, KYC_ADDRESS_TYPE_LABELS } from '@/lib/contracts/kyc-values'
import { formatDay } from '@/lib/format/day'
import { formatCurrency } from '@/lib/format/money'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { canEditKyc } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { kycReads, revealIdentityNumber } from '@/lib/query/shared-queries'
import { documentRequirementStatus } from '@/lib/status/document-status'
import sharedStyles from '@/styles/staff-screens.module.css'
import type { ChecklistItem, KycDetails, KycDocument } from '../api/types'
import { AddressVerification } from './address-verification'
import ownStyles from './approvals.module.css'
import { VerificationSection } from './verification-section'

const styles = { ...sharedStyles, ...ownStyles }

const day = formatDay

/** Per-document actions (approve a CAC document, request a re-upload) a later screen provides; none by default. */
export type DocumentReviewSlot = (document: KycDocument, item: ChecklistItem | null) => ReactNode

/** The in-page anchor of a review section (`review-means-of-id`): the review's section links jump to it. */
export const reviewAnchor = (title: string) => `review-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section id={reviewAnchor(title)} className={cx(styles.panel, styles.anchored)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** Loading, error with retry, or the content of one KYC query. */
function Loaded<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isError)
    return (
      <ErrorState
        message={describeError(query.error, `We couldn't load the ${what}.`)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  if (query.data === undefined) return <Skeleton count={2} label={`Loading the ${what}`} />
  return <>{children(query.data)}</>
}

function CompanyDetails({ details }: { details: KycDetails }) {
  return (
    <dl className={styles.facts}>
      <dt>TIN</dt>
      <dd>{details.tin ?? '—'}</dd>
      <dt>Incorporated on</dt>
      <dd>{day(details.incorporationDate)}</dd>
      <dt>Country of incorporation</dt>
      <dd>{details.countryOfIncorporation ?? '—'}</dd>
      <dt>Nature of business</dt>
      <dd>{details.natureOfBusiness ?? '—'}</dd>
      <dt>Employees</dt>
      <dd>{details.numberOfEmployees ?? '—'}</dd>
      <dt>Annual turnover</dt>
      <dd>
        {details.annualTurnover === null ? (
          '—'
        ) : (
          <span className={styles.unbroken}>{formatCurrency(details.annualTurnover)}</span>
        )}
      </dd>
      {details.description && (
        <>
          <dt>Description</dt>
          <dd>{details.description}</dd>
        </>
      )}
    </dl>
  )
}

/** A file of the KYC, shown on demand (fetching every file up front would be slow and wasteful). */
function FileView({ file, title }: { file: { id: string; fileName: string; contentType: string }; title: string }) {
  const [open, setOpen] = useState(false)
  return (
    <div className={styles.stackTight}>
      <Button
        variant="link"
        size="sm"
        aria-expanded={open}
        aria-label={`${open ? 'Hide' : 'View'} ${title} (${file.fileName})`}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide' : 'View'} {file.fileName}
      </Button>
      {open && <FilePreview file={file} title={title} />}
    </div>
  )
}

/** What the reviewer may do on the KYC itself (verification); nothing when absent. */
export interface KycReviewer {
  /** The signed-in staff member's permission names. */
  permissions: readonly string[]
  /** The viewer registered the business or belongs to it (four-eyes). */
  isOwnRecord: boolean
  /** The business waits for a decision: its verification checks may still be waived. */
  businessPending?: boolean
}

function KycRecord({ businessId, kycDetailsId, reviewer }: { businessId: string; kycDetailsId: string; reviewer?: KycReviewer }) {
  const canVerifyAddress = !!reviewer?.permissions.includes(PERMISSIONS.CAN_VERIFY_ADDRESS)
  const canReveal = !!reviewer?.permissions.includes(PERMISSIONS.CAN_VIEW_SENSITIVE_KYC)
  // A person captured before dates of birth were asked: staff who may change the KYC fill it in from its steps.
  const fillIn = (step: 'MEANS_OF_ID' | 'SHAREHOLDERS', name: string) =>
    reviewer && canEditKyc(reviewer.permissions) ? (
      <Link href={paths.business.kyc(businessId, step)} aria-label={`Fill in what is missing for ${name}`}>
        Fill it in
      </Link>
    ) : null
  const addresses = useQuery(kycReads.addresses(kycDetailsId))
  const meansOfIds = useQuery(kycReads.meansOfIds(kycDetailsId))
  const shareholders = useQuery(kycReads.shareholders(kycDetailsId))
  return (
    <>
      <Section title="Addresses">
        <Loaded query={addresses} what="addresses">
          {(rows) =>
            rows.length === 0 ? (
              <p className={styles.muted}>No address yet.</p>
            ) : (
              <ul className={styles.list}>
                {rows.map((a) => (
                  <li key={a.id} className={styles.item}>
                    <div className={styles.itemHead}>
                      <strong>{KYC_ADDRESS_TYPE_LABELS[a.type] ?? a.type}</strong>
                      <StatusBadge status={a.verificationStatus} />
                    </div>
                    <p className={styles.muted}>
                      {[a.contactName, a.line1, a.line2, a.city, a.lga, a.state, a.country].filter(Boolean).join(', ')}
                    </p>
                    {a.addressDoc && (
                      <FileView file={a.addressDoc} title={`Address document of the ${a.type.toLowerCase()} address`} />
                    )}
                    {a.passportPhoto && (
                      <FileView file={a.passportPhoto} title={`Passport photo for the ${a.type.toLowerCase()} address`} />
                    )}
                    <AddressVerification
                      address={a}
                      name={`${(KYC_ADDRESS_TYPE_LABELS[a.type] ?? a.type).toLowerCase()}${a.contactName ? ` (${a.contactName})` : ''}`}
                      canVerify={canVerifyAddress}
                      isOwnRecord={reviewer?.isOwnRecord}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </Section>
      <Section title="Means of ID">
        <Loaded query={meansOfIds} what="means of ID">
          {(rows) =>
            rows.length === 0 ? (
              <p className={styles.muted}>No means of ID yet.</p>
            ) : (
              <ul className={styles.list}>
                {rows.map((m) => (
                  <li key={m.id} className={styles.item}>
                    <div className={styles.itemHead}>
                      <strong>
                        {m.firstName} {m.lastName}
                      </strong>
                      <span className={styles.badges}>
                        <span className={styles.small}>{idHolderRoles(m)}</span>
                        {!m.isCurrent && <StatusBadge status="EXPIRED" />}
                      </span>
                    </div>
                    {/* A div: the reveal's confirmation is a <dialog>, which a <p> may not hold. */}
                    <div className={styles.muted}>
                      {m.idTypeName}{' '}
                      <RevealIdentityNumber
                        masked={m.idNumber}
                        target="means-of-ids"
                        recordId={m.id}
                        field="idNumber"
                        label={`${m.idTypeName} number of ${m.firstName} ${m.lastName}`}
                        canReveal={canReveal}
                        reveal={revealIdentityNumber}
                      />
                      {m.expiryDate ? ` · expires ${day(m.expiryDate)}` : ''}
                      {m.bvn && (
                        <>
                          {' · BVN '}
                          <RevealIdentityNumber
                            masked={m.bvn}
                            target="means-of-ids"
                            recordId={m.id}
                            field="bvn"
                            label={`BVN of ${m.firstName} ${m.lastName}`}
                            canReveal={canReveal}
                            reveal={revealIdentityNumber}
                          />
                        </>
                      )}
                    </div>
                    <div className={styles.muted}>
                      <PersonDetails
                        person={m}
                        name={`${m.firstName} ${m.lastName}`}
                        reveal={{ target: 'means-of-ids', recordId: m.id, canReveal, call: revealIdentityNumber }}
                        fill={fillIn('MEANS_OF_ID', `${m.firstName} ${m.lastName}`)}
                      />
                    </div>
                    {m.file && <FileView file={m.file} title={`${m.idTypeName} of ${m.firstName} ${m.lastName}`} />}
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </Section>
      <Section title="Shareholders">
        <Loaded query={shareholders} what="shareholders">
          {(rows) =>
            rows.length === 0 ? (
              <p className={styles.muted}>No shareholder yet.</p>
            ) : (
              <ShareholdersTable
                shareholders={rows}
                canReveal={canReveal}
                fill={(h) => fillIn('SHAREHOLDERS', `${h.firstName ?? ''} ${h.lastName ?? ''}`.trim())}
              />
            )
          }
        </Loaded>
      </Section>
    </>
  )
}

/** One checklist item for the reviewer: state, review notes, deferral, the file and the review actions. */
function DocumentRow({
  item,
  items,
  label,
  documentReviewSlot,
}: {
  item: ChecklistItem
  /** The list it belongs to: a required document whose alternative is in shows as not needed. */
  items: readonly ChecklistItem[]
  label: string
  documentReviewSlot?: DocumentReviewSlot
}) {
  const state = documentRequirementStatus(item, items)
  return (
    <li className={styles.item} data-document-type={item.documentType.code}>
      <div className={styles.itemHead}>
        <strong>
          {item.documentType.name}
          {item.documentType.isCac && <span className={styles.muted}> (CAC)</span>}
          {!item.required && <span className={styles.muted}> (optional)</span>}
        </strong>
        <StatusBadge status={item.state} label={state.label} tone={state.tone} />
      </div>
      {state.code === 'COVERED' && <p className={styles.muted}>{state.detail}</p>}
      {/* With review actions, they show the open request themselves. */}
      {!documentReviewSlot && item.document?.reuploadReason && !item.document.reuploadResolvedAt && (
        <p className={styles.muted}>Re-upload asked: {item.document.reuploadReason}</p>
      )}
      {item.document?.reviewComment && <p className={styles.muted}>Review: {item.document.reviewComment}</p>}
      {item.deferral && (
        <p className={styles.muted}>
          Deferral {item.deferral.status.toLowerCase()}
          {item.deferral.dueDate ? `, due ${day(item.deferral.dueDate)}` : ''}: {item.deferral.reason}
        </p>
      )}
      {item.document && <FileView file={item.document.file} title={label} />}
      {item.document && documentReviewSlot?.(item.document, item)}
    </li>
  )
}

function Documents({ businessId, documentReviewSlot }: { businessId: string; documentReviewSlot?: DocumentReviewSlot }) {
  const documents = useQuery(kycReads.documentChecklist(businessId))
  return (
    <Section title="Documents">
      <Loaded query={documents} what="documents">
        {(checklist) => (
          <div className={styles.stackTight}>
            {!checklist.uploadsScanned && (
              <p className={styles.muted} role="note">
                Files on this portal are not scanned for viruses: open them with care.
              </p>
            )}
            <ul className={styles.list} aria-label="Documents of the business">
              {checklist.items.map((item) => (
                <DocumentRow
                  key={item.documentType.id}
                  item={item}
                  items={checklist.items}
                  label={item.documentType.name}
                  documentReviewSlot={documentReviewSlot}
                />
              ))}
              {checklist.otherDocuments.map((document) => (
                <li key={document.id} className={styles.item}>
                  <div className={styles.itemHead}>
                    <strong>{documentLabel(document)}</strong>
                    <StatusBadge status={document.status} />
                  </div>
                  <FileView file={document.file} title={documentLabel(document)} />
                  {documentReviewSlot?.(document, null)}
                </li>
              ))}
            </ul>
            {checklist.shareholders.map(({ shareholder, items }) => (
              <section
                key={shareholder.id}
                className={styles.stackTight}
                aria-labelledby={`documents-of-${shareholder.id}`}
                data-shareholder={shareholder.id}
              >
                <h3 id={`documents-of-${shareholder.id}`} className={styles.subheading}>
                  {shareholder.name}{' '}
                  <span className={styles.muted}>
                    ({shareholder.type === 'CORPORATE' ? 'corporate shareholder' : 'individual shareholder'})
                  </span>
                </h3>
                <ul className={styles.list} aria-label={`Documents of ${shareholder.name}`}>
                  {items.map((item) => (
                    <DocumentRow
                      key={item.documentType.id}
                      item={item}
                      items={items}
                      label={`${item.documentType.name} for ${shareholder.name}`}
                      documentReviewSlot={documentReviewSlot}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </Loaded>
    </Section>
  )
}

/**
 * The whole KYC of a business: company details, addresses (with their verification), means of ID, shareholders, the
 * verification items and documents. Read-only unless a `reviewer` is given.
 */
export function KycSections({
  businessId,
  documentReviewSlot,
  reviewer,
}: {
  businessId: string
  documentReviewSlot?: DocumentReviewSlot
  reviewer?: KycReviewer
}) {
  const details = useQuery(kycReads.details(businessId))
  return (
    <>
      <Section title="Company details">
        <Loaded query={details} what="company details">
          {(record) =>
            record ? (
              <CompanyDetails details={record} />
            ) : (
              <p className={styles.muted}>The business has not filled in its company details yet.</p>
            )
          }
        </Loaded>
      </Section>
      {details.data && <KycRecord businessId={businessId} kycDetailsId={details.data.id} reviewer={reviewer} />}
      {details.data && reviewer && (
        <VerificationSection
          businessId={businessId}
          permissions={reviewer.permissions}
          isOwnRecord={reviewer.isOwnRecord}
          businessPending={reviewer.businessPending}
        />
      )}
      <Documents businessId={businessId} documentReviewSlot={documentReviewSlot} />
    </>
  )
}
