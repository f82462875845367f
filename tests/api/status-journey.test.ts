import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkCaptureSteps } from '@/features/kyc/model/step-checks'
import type { Business } from '@/lib/contracts/businesses'
import type { KycAddress, KycDetails, MeansOfIdRecord, ShareholderRecord } from '@/lib/contracts/kyc'
import type { DocumentChecklist } from '@/lib/contracts/kyc-documents'
import type { OnboardingDetail } from '@/lib/contracts/onboarding'
import type { Outstanding } from '@/lib/contracts/outstanding'
import type { OnboardingStatus } from '@/lib/contracts/product-values'
import { businessStatus } from '@/lib/status/business-status'
import { documentRequirementStatus, documentsProgress } from '@/lib/status/document-status'
import { kycStatus, kycStepStatus } from '@/lib/status/kyc-status'
import { productApplicationStatus } from '@/lib/status/product-status'
import { getDb } from '@/server/db/client'
import { businessDivisions, businesses, kycDocuments, productCategories } from '@/server/db/schema'
import { apiApproved } from './four-eyes'
import { api, signedInUser } from './helpers'
import { attach, completeCapture } from './kyc-document-fixtures'
import { ownerWithBusiness } from './kyc-fixtures'

/**
 * One business through its life (new, in capture, submitted, under review, declined, resubmitted, approved,
 * blocked), read at each stage the way each screen reads it, through the presenters of lib/status: the KYC stepper
 * and page (the business, the KYC record and its parts, the document checklist), the dashboard (the business and
 * its outstanding list), the product page (the application's own summary of the business, then the business), the
 * staff review (the business as staff read it). They must say the same thing.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
let approver: User
let officer: User
let admin: User

beforeAll(async () => {
  ;[approver, officer, admin] = await Promise.all([
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
  ])
})

async function read<T>(path: string, token: string): Promise<T> {
  const res = await api(path, { token })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

const STEPS = ['COMPANY_DETAILS', 'ADDRESSES', 'MEANS_OF_ID', 'SHAREHOLDERS', 'DOCUMENTS'] as const

/** What each screen shows for the business at this moment. */
async function screens(businessId: string, ownerToken: string, onboardingId: string | null) {
  const ownerView = await read<Business>(`/businesses/${businessId}`, ownerToken)
  const staffView = await read<Business>(`/businesses/${businessId}`, officer.token)
  const detailsRes = await api(`/kyc/details-first-entity/${businessId}`, { token: ownerToken })
  const details = detailsRes.status === 404 ? null : ((await detailsRes.json()) as KycDetails)
  const checklist = await read<DocumentChecklist>(`/kyc/document-checklist/${businessId}`, ownerToken)
  const outstanding = await read<Outstanding>(`/businesses/${businessId}/outstanding`, ownerToken)
  const hint = { kycStarted: details !== null }

  // The stepper's own checks of steps 1–4, from the lists it reads.
  const [addresses, meansOfIds, shareholders] = details
    ? await Promise.all([
        read<KycAddress[]>(`/kyc/addresses/all-kyc/${details.id}`, ownerToken),
        read<MeansOfIdRecord[]>(`/kyc/means-of-ids/${details.id}`, ownerToken),
        read<ShareholderRecord[]>(`/kyc/shareholders?kycDetailsId=${details.id}`, ownerToken),
      ])
    : [[], [], []]
  const checks = checkCaptureSteps({ details, addresses, meansOfIds, shareholders })
  const documents = documentsProgress(checklist)
  const stepperSteps = STEPS.map(
    (step) =>
      kycStepStatus(
        step === 'DOCUMENTS'
          ? { complete: documents.outstanding === 0, gaps: documents.outstanding }
          : { complete: checks[step].done, gaps: checks[step].problems.length },
      ).label,
  )
  const dashboardSteps = STEPS.map((step) => kycStepStatus(outstanding.kycProgress.find((p) => p.step === step)!).label)

  const application = onboardingId
    ? await read<OnboardingDetail>(`/onboarding-products/details/${onboardingId}`, ownerToken)
    : null
  return {
    stepper: { business: businessStatus(ownerView, hint).label, kyc: kycStatus(ownerView, hint).label, steps: stepperSteps },
    dashboard: { business: businessStatus(ownerView).label, kyc: kycStatus(ownerView).label, steps: dashboardSteps },
    // Before the dashboard's read arrives the product page words the application's summary of the business.
    productPage: application && {
      kyc: kycStatus(application.business).label,
      business: businessStatus(ownerView).label,
    },
    review: { business: businessStatus(staffView).label, kyc: kycStatus(staffView).label },
    checklist,
  }
}

/** Asserts that every screen agrees, and answers what they say. */
async function agreed(businessId: string, ownerToken: string, onboardingId: string | null = null) {
  const s = await screens(businessId, ownerToken, onboardingId)
  expect(s.dashboard.business, 'dashboard vs stepper').toBe(s.stepper.business)
  expect(s.review.business, 'staff review vs owner').toBe(s.dashboard.business)
  expect(s.dashboard.kyc).toBe(s.stepper.kyc === 'KYC not started' ? 'KYC not submitted' : s.stepper.kyc)
  expect(s.review.kyc).toBe(s.dashboard.kyc)
  expect(s.dashboard.steps, 'step by step, stepper vs dashboard').toEqual(s.stepper.steps)
  if (s.productPage) {
    expect(s.productPage.kyc).toBe(s.dashboard.kyc)
    expect(s.productPage.business).toBe(s.dashboard.business)
  }
  return s
}

async function liveProduct() {
  const db = await getDb()
  const categoryId = (await db.select().from(productCategories).limit(1))[0]!.id
  const divisionId = (await db.select().from(businessDivisions).limit(1))[0]!.id
  const res = await apiApproved('/products', {
    method: 'POST',
    token: admin.token,
    json: {
      code: `ST-${randomUUID().slice(0, 8).toUpperCase()}`,
      name: `Status ${randomUUID().slice(0, 6)}`,
      categoryId,
      divisionId,
      requirements: [{ label: 'Settlement account', type: 'Text Input', required: true }],
    },
  })
  expect(res.status).toBe(201)
  const product = (await res.json()) as { id: string; code: string }
  expect(
    (await apiApproved(`/products/${product.id}/go-live`, { method: 'PUT', token: admin.token, json: { live: true } })).status,
  ).toBe(200)
  return product
}

describe('one truth for every status', () => {
  it('stepper, dashboard, KYC page, product page and staff review agree at every stage of a business’s life', async () => {
    const { owner, business } = await ownerWithBusiness('RC')

    // New: nothing captured.
    let s = await agreed(business.id, owner.token)
    expect(s.stepper).toEqual({
      business: 'Not submitted',
      kyc: 'KYC not started',
      steps: ['To do', 'To do', 'To do', 'To do', 'To do'],
    })

    // In capture: steps 1–4 done, documents partly uploaded; the CAC status report stands in for CAC 7.
    const details = await completeCapture(business.id)
    for (const code of ['CERTIFICATE_OF_INCORPORATION', 'CAC_2', 'CAC_STATUS_REPORT'])
      expect((await attach(owner.token, business, details.id, code)).status).toBe(201)
    s = await agreed(business.id, owner.token)
    expect(s.stepper).toEqual({
      business: 'Not submitted',
      kyc: 'KYC not submitted',
      steps: ['Done', 'Done', 'Done', 'Done', 'To do'],
    })
    const cac7 = s.checklist.items.find((i) => i.documentType.code === 'CAC_7')!
    expect(documentRequirementStatus(cac7, s.checklist.items)).toMatchObject({ code: 'COVERED', label: 'Not needed' })
    const progress = documentsProgress(s.checklist)
    // What is listed is counted: required requirements (alternatives once) plus the optional ones.
    expect(progress.listed).toBe(s.checklist.items.length)
    expect(progress.optional).toBe(s.checklist.items.filter((i) => !i.required).length)
    expect(progress.sentence).toMatch(/^\d+ of \d+ required documents .* more (is|are) optional\.$/)

    // Every document in: the documents step is done on both screens, before submission.
    for (const code of ['MEMART', 'BOARD_RESOLUTION', 'TIN_CERTIFICATE'])
      expect((await attach(owner.token, business, details.id, code)).status).toBe(201)
    s = await agreed(business.id, owner.token)
    expect(s.stepper.steps).toEqual(['Done', 'Done', 'Done', 'Done', 'Done'])
    expect(documentsProgress(s.checklist).sentence).toMatch(/^All \d+ required documents .*are provided or deferred\./)

    // Submitted.
    const complete = () => api(`/businesses/${business.id}/completed-kyc-details`, { method: 'PUT', token: owner.token })
    expect((await complete()).status).toBe(200)
    s = await agreed(business.id, owner.token)
    expect(s.stepper).toEqual({ business: 'Awaiting review', kyc: 'KYC submitted', steps: Array(5).fill('Done') })

    // Under review: a reviewer took it.
    const assigned = await api(`/businesses/${business.id}/assignee`, {
      method: 'PUT',
      token: approver.token,
      json: { userId: approver.user.id },
    })
    expect(assigned.status).toBe(200)
    s = await agreed(business.id, owner.token)
    expect(s.dashboard).toMatchObject({ business: 'Under review', kyc: 'KYC submitted' })

    // Declined.
    const decide = (decision: 'APPROVED' | 'DECLINED', comment?: string) =>
      api(`/businesses/${business.id}/approve`, {
        method: 'PUT',
        token: approver.token,
        json: { decision, ...(comment ? { comment } : {}) },
      })
    const declined = await decide('DECLINED', 'The TIN certificate is for another company')
    expect(declined.status, await declined.clone().text()).toBe(200)
    s = await agreed(business.id, owner.token)
    expect(s.dashboard).toMatchObject({ business: 'Declined', kyc: 'KYC returned for changes' })

    // Resubmitted.
    expect((await complete()).status).toBe(200)
    s = await agreed(business.id, owner.token)
    expect(s.dashboard).toMatchObject({ business: 'Resubmitted', kyc: 'KYC submitted' })

    // Approved: the CAC documents accepted first (the reviewers' part, tested in cac-review), then the decision.
    const db = await getDb()
    await db
      .update(kycDocuments)
      .set({ status: 'APPROVED', reviewedAt: new Date() })
      .where(eq(kycDocuments.businessId, business.id))
    // ...and every verification check recorded as verified (approval needs each: docs/domain.md#verification-of-kyc-details).
    const checks = (await (await api(`/verified-kyc/${business.id}`, { token: admin.token })).json()) as {
      id: string
      status: string
    }[]
    expect(checks.length).toBeGreaterThan(0)
    for (const check of checks.filter((c) => c.status === 'PENDING')) {
      const recorded = await api(`/verified-kyc/${check.id}`, { method: 'PUT', token: admin.token, json: { status: 'VERIFIED' } })
      expect(recorded.status, await recorded.clone().text()).toBe(200)
    }
    const approved = await decide('APPROVED')
    expect(approved.status, await approved.clone().text()).toBe(200)
    s = await agreed(business.id, owner.token)
    expect(s.dashboard).toMatchObject({ business: 'Approved', kyc: 'KYC approved' })
    // The accepted status report still covers CAC 7.
    const after = s.checklist.items.find((i) => i.documentType.code === 'CAC_7')!
    expect(documentRequirementStatus(after, s.checklist.items).detail).toBe('CAC status report was accepted in its place.')

    // A product application: the product page and the dashboard's product list say the same.
    const product = await liveProduct()
    const applied = await api('/onboarding-products', {
      method: 'POST',
      token: owner.token,
      json: { businessId: business.id, productCode: product.code },
    })
    expect(applied.status, await applied.clone().text()).toBe(201)
    const application = (await applied.json()) as OnboardingDetail
    s = await agreed(business.id, owner.token, application.id)
    expect(s.productPage).toEqual({ kyc: 'KYC approved', business: 'Approved' })
    const listed = await read<{ id: string; status: OnboardingStatus }[]>(`/businesses/${business.id}/products`, owner.token)
    expect(productApplicationStatus(listed.find((p) => p.id === application.id)!.status).label).toBe(
      productApplicationStatus(application.status).label,
    )
    expect(productApplicationStatus('COMPLETED').label).toBe('Live')

    // Blocked: the recertification date has passed.
    await db.update(businesses).set({ recertificationDate: '2020-01-01' }).where(eq(businesses.id, business.id))
    s = await agreed(business.id, owner.token, application.id)
    expect(s.dashboard.business).toBe('Blocked')
    expect(s.productPage).toEqual({ kyc: 'KYC approved', business: 'Blocked' })
  })
})
