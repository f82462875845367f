import { and, eq, inArray } from 'drizzle-orm'
import type { RequirementType } from '@/lib/contracts/product-values'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import {
  businessDivisions,
  businesses,
  onboardingAnswers,
  onboardingProducts,
  productCategories,
  productRequirementVersions,
  products,
  users,
  type StoredRequirement,
} from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { logger } from '@/server/logger'

/** Reference data, seeded on every start: the catalogue's categories. */
export const PRODUCT_CATEGORIES = [
  { name: 'Payments and Collections', description: 'Accept card, transfer and USSD payments in store and online', sortOrder: 1 },
  { name: 'Payouts and Disbursements', description: 'Pay salaries, vendors and customers in bulk', sortOrder: 2 },
  {
    name: 'Accounts and Wallets',
    description: 'Dedicated and virtual accounts for collections and reconciliation',
    sortOrder: 3,
  },
  { name: 'Cards', description: 'Corporate and prepaid cards for your team', sortOrder: 4 },
  { name: 'Bills and Billers', description: 'Collect bills and levies through agents, banks and apps', sortOrder: 5 },
  { name: 'Lending', description: 'Working capital for businesses that trade with us', sortOrder: 6 },
] as const

const text = (key: string, label: string, required: boolean, help: string | null = null): StoredRequirement => ({
  key,
  label,
  type: 'Text Input',
  required,
  help,
})
const upload = (key: string, label: string, required: boolean, help: string | null = null): StoredRequirement => ({
  key,
  label,
  type: 'Upload Document',
  required,
  help,
})

interface DemoProduct {
  code: string
  name: string
  description: string
  category: (typeof PRODUCT_CATEGORIES)[number]['name']
  division: 'PAY' | 'LND' | 'CRD' | 'GOV'
  live: boolean
  active: boolean
  requirements: StoredRequirement[]
}

/** Demo mode: products of a Nigerian payments provider, each with text and upload requirements. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    code: 'POS-ACQUIRING',
    name: 'POS terminal acquiring',
    description: 'Accept Verve, Mastercard and Visa cards in your shops on our Android POS terminals, with next-day settlement.',
    category: 'Payments and Collections',
    division: 'PAY',
    live: true,
    active: true,
    requirements: [
      text('merchant_category', 'Type of business', true, 'For example supermarket, pharmacy, filling station'),
      text('number_of_outlets', 'Number of outlets', true),
      text('outlet_addresses', 'Outlet addresses', true, 'With the state; separate several with a semicolon'),
      text('settlement_account', 'Settlement account number (NUBAN)', true, '10 digits, in the name of the business'),
      upload('shop_front_photo', 'Photo of the shop front', true, 'Showing the signage with the business name'),
      upload('utility_bill', 'Utility bill of the main outlet', false, 'Not older than three months'),
    ],
  },
  {
    code: 'PAYMENT-GATEWAY',
    name: 'Online payment gateway',
    description: 'Take card, bank transfer and USSD payments on your website or app through one checkout.',
    category: 'Payments and Collections',
    division: 'PAY',
    live: true,
    active: true,
    requirements: [
      text('website_url', 'Website or app link', true, 'Where customers will pay'),
      text('expected_monthly_volume', 'Expected monthly volume (₦)', true),
      upload('refund_policy', 'Refund and delivery policy', true, 'As published to your customers'),
      upload('pci_dss_certificate', 'PCI DSS attestation', false, 'Only if you store card data yourself'),
    ],
  },
  {
    code: 'VIRTUAL-ACCOUNTS',
    name: 'Virtual accounts',
    description: 'Give each customer or invoice its own account number and reconcile transfers automatically.',
    category: 'Accounts and Wallets',
    division: 'PAY',
    live: true,
    active: true,
    requirements: [
      text('use_case', 'What the accounts are for', true, 'For example school fees per student, rent per tenant'),
      text('accounts_per_month', 'Accounts you expect to open each month', false),
      upload('board_resolution', 'Board resolution to open the accounts', true),
      upload('cbn_licence', 'CBN licence', false, 'If the business is a licensed financial institution'),
    ],
  },
  {
    code: 'BULK-PAYOUTS',
    name: 'Bulk payouts and disbursements',
    description: 'Pay salaries, suppliers and agents to any Nigerian bank account from one upload or through the API.',
    category: 'Payouts and Disbursements',
    division: 'PAY',
    live: true,
    active: true,
    requirements: [
      text('payout_purpose', 'What you pay out', true, 'Salaries, vendor payments, agent commissions…'),
      text('average_batch_size', 'Average number of payments per batch', true),
      text('funding_account', 'Funding account number (NUBAN)', true),
      upload('signatory_mandate', 'Signatory mandate', true, 'Board resolution naming who may approve payouts'),
    ],
  },
  {
    code: 'BILLER-ONBOARDING',
    name: 'Bills payment: biller onboarding',
    description: 'List your bills (school fees, utilities, dues) so customers pay them at banks, agents and apps nationwide.',
    category: 'Bills and Billers',
    division: 'PAY',
    live: true,
    active: true,
    requirements: [
      text('biller_category', 'Kind of bill', true, 'For example school fees, electricity, estate dues'),
      text('customer_reference', 'How customers are identified', true, 'Meter number, student ID, account number…'),
      upload('sample_invoice', 'A sample bill or invoice', true),
      upload('regulator_approval', 'Regulator approval', false, 'NERC, state ministry or similar, where one applies'),
    ],
  },
  {
    code: 'CORPORATE-CARDS',
    name: 'Corporate prepaid cards',
    description: 'Naira prepaid cards for staff spending, with limits per card and statements per cost centre.',
    category: 'Cards',
    division: 'CRD',
    live: true,
    active: true,
    requirements: [
      text('number_of_cards', 'Number of cards', true),
      text('monthly_limit', 'Monthly spend limit per card (₦)', true),
      upload('cardholder_list', 'List of cardholders', true, 'Name, BVN and phone number of each'),
    ],
  },
  {
    code: 'WORKING-CAPITAL',
    name: 'Merchant working-capital loans',
    description: 'Short-term loans repaid from your card settlements. Coming soon.',
    category: 'Lending',
    division: 'LND',
    live: false,
    active: true,
    requirements: [
      text('average_monthly_revenue', 'Average monthly revenue (₦)', true),
      upload('bank_statements', 'Bank statements for the last six months', true),
    ],
  },
  {
    code: 'REVENUE-COLLECTION',
    name: 'Government revenue collection',
    description: 'Collect taxes, levies and fees into a state treasury account. Paused while the service is reviewed.',
    category: 'Bills and Billers',
    division: 'GOV',
    live: false,
    active: false,
    requirements: [text('revenue_heads', 'Revenue heads', true), upload('treasury_mandate', 'Treasury mandate letter', true)],
  },
]

type DemoStatus = 'PENDING' | 'IN_REVIEW' | 'APPROVED' | 'DECLINED' | 'COMPLETED' | 'REMOVED'

/** Demo businesses (server/seed/demo-businesses.ts, by name) on products, in every state. */
const DEMO_ONBOARDINGS: readonly { business: string; product: string; status: DemoStatus; comment?: string }[] = [
  { business: 'Adebayo Foods Limited', product: 'PAYMENT-GATEWAY', status: 'PENDING' },
  { business: 'Chukwuemeka Motors', product: 'POS-ACQUIRING', status: 'IN_REVIEW' },
  {
    business: 'Chukwuemeka Motors',
    product: 'BULK-PAYOUTS',
    status: 'DECLINED',
    comment: 'The signatory mandate is signed by one director only; the resolution needs two.',
  },
  { business: 'Kano Grains Cooperative', product: 'POS-ACQUIRING', status: 'COMPLETED' },
  { business: 'Kano Grains Cooperative', product: 'VIRTUAL-ACCOUNTS', status: 'APPROVED' },
  { business: 'Lagos Tech Hub Limited', product: 'PAYMENT-GATEWAY', status: 'COMPLETED' },
  { business: 'Lagos Tech Hub Limited', product: 'CORPORATE-CARDS', status: 'IN_REVIEW' },
  {
    business: 'Niger Delta Marine Services',
    product: 'BILLER-ONBOARDING',
    status: 'DECLINED',
    comment: 'The sample invoice does not show how customers are identified.',
  },
  { business: 'Enugu Coal Traders', product: 'BULK-PAYOUTS', status: 'PENDING' },
  { business: 'Zaria Textiles Limited', product: 'PAYMENT-GATEWAY', status: 'REMOVED' },
  { business: 'Abuja Smart Homes Limited', product: 'BULK-PAYOUTS', status: 'COMPLETED' },
  { business: 'Owerri Pharmaceuticals Plc', product: 'VIRTUAL-ACCOUNTS', status: 'IN_REVIEW' },
  { business: 'Benin Bronze Crafts', product: 'BILLER-ONBOARDING', status: 'APPROVED' },
  { business: 'Port Harcourt Logistics Limited', product: 'CORPORATE-CARDS', status: 'COMPLETED' },
  { business: 'Akure Cocoa Processors', product: 'POS-ACQUIRING', status: 'IN_REVIEW' },
  { business: 'Ilorin Education Trust', product: 'PAYMENT-GATEWAY', status: 'IN_REVIEW' },
  { business: 'Abeokuta Adire Fashion', product: 'POS-ACQUIRING', status: 'REMOVED' },
  { business: 'Lokoja Riverine Transport', product: 'VIRTUAL-ACCOUNTS', status: 'COMPLETED' },
]

/** A believable text answer for a demo requirement. */
function demoText(key: string, businessName: string): string {
  const slug = businessName.toLowerCase().replace(/[^a-z]+/g, '')
  const answers: Record<string, string> = {
    merchant_category: 'Wholesale and retail',
    number_of_outlets: '3',
    outlet_addresses: '14 Broad Street, Lagos Island, Lagos; 22 Ahmadu Bello Way, Kaduna North, Kaduna',
    settlement_account: '0123456789',
    website_url: `https://${slug}.ng/checkout`,
    expected_monthly_volume: '₦25,000,000',
    use_case: 'One account per customer for monthly invoices',
    accounts_per_month: '150',
    payout_purpose: 'Monthly salaries and supplier payments',
    average_batch_size: '85',
    funding_account: '0987654321',
    biller_category: 'School fees',
    customer_reference: 'Student ID number',
    number_of_cards: '12',
    monthly_limit: '₦500,000',
    average_monthly_revenue: '₦8,000,000',
    revenue_heads: 'Market levies, signage permits',
  }
  return answers[key] ?? 'Provided'
}

const isSubmitted = (status: DemoStatus) => status !== 'PENDING'

/**
 * Categories always; in demo mode the products and demo onboardings (text answers), then their upload answers as
 * real files when blob storage answers. Idempotent: whatever exists is left alone, so a later start with storage
 * up fills the uploads a first start without storage could not.
 */
export async function seedProducts(db: Database, options: { demo: boolean }) {
  await db
    .insert(productCategories)
    .values(PRODUCT_CATEGORIES.map((c) => ({ ...c })))
    .onConflictDoNothing({ target: productCategories.name })
  if (!options.demo) return
  await seedDemoProducts(db)
  await seedDemoOnboardings(db)
  await seedDemoUploads(db)
}

async function seedDemoProducts(db: Database) {
  const existing = new Set(
    (
      await db
        .select({ code: products.code })
        .from(products)
        .where(
          inArray(
            products.code,
            DEMO_PRODUCTS.map((p) => p.code),
          ),
        )
    ).map((p) => p.code),
  )
  const missing = DEMO_PRODUCTS.filter((p) => !existing.has(p.code))
  if (!missing.length) return
  const categories = new Map((await db.select().from(productCategories)).map((c) => [c.name, c.id]))
  const divisions = new Map((await db.select().from(businessDivisions)).map((d) => [d.code, d.id]))
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'product@example.com'))
  await db.transaction(async (tx) => {
    for (const demo of missing) {
      const [row] = await tx
        .insert(products)
        .values({
          code: demo.code,
          name: demo.name,
          description: demo.description,
          categoryId: categories.get(demo.category)!,
          divisionId: divisions.get(demo.division) ?? null,
          active: demo.active,
          live: demo.live,
          wentLiveAt: demo.live ? new Date(Date.UTC(2026, 0, 2)) : null,
          requirementsVersion: 1,
          createdBy: manager?.id ?? null,
        })
        .onConflictDoNothing({ target: products.code })
        .returning()
      if (!row) continue
      await tx
        .insert(productRequirementVersions)
        .values({ productId: row.id, version: 1, requirements: demo.requirements, createdBy: manager?.id ?? null })
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'product',
        resourceId: row.id,
        action: 'SEED_DEMO_PRODUCT',
        after: { code: demo.code, name: demo.name },
      })
    }
  })
}

async function demoContext(db: Database) {
  const names = [...new Set(DEMO_ONBOARDINGS.map((o) => o.business))]
  const businessRows = await db.select().from(businesses).where(inArray(businesses.name, names))
  const productRows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.code,
        DEMO_PRODUCTS.map((p) => p.code),
      ),
    )
  return { byName: new Map(businessRows.map((b) => [b.name, b])), byCode: new Map(productRows.map((p) => [p.code, p])) }
}

async function seedDemoOnboardings(db: Database) {
  const { byName, byCode } = await demoContext(db)
  const [approver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'approver@example.com'))
  const existing = await db
    .select({ businessId: onboardingProducts.businessId, productId: onboardingProducts.productId })
    .from(onboardingProducts)
    .where(
      inArray(
        onboardingProducts.productId,
        [...byCode.values()].map((p) => p.id),
      ),
    )
  const have = new Set(existing.map((e) => `${e.businessId}/${e.productId}`))
  const todo = DEMO_ONBOARDINGS.filter((o) => {
    const business = byName.get(o.business)
    const product = byCode.get(o.product)
    return business && product && !have.has(`${business.id}/${product.id}`)
  })
  if (!todo.length) return
  const requirementsOf = new Map(DEMO_PRODUCTS.map((p) => [p.code, p.requirements]))

  await db.transaction(async (tx) => {
    for (const [i, plan] of todo.entries()) {
      const business = byName.get(plan.business)!
      const product = byCode.get(plan.product)!
      const createdAt = new Date(Math.max(business.createdAt.getTime(), Date.UTC(2026, 1, 1)) + (i + 1) * 86400_000)
      const submittedAt = isSubmitted(plan.status) ? new Date(createdAt.getTime() + 2 * 86400_000) : null
      const decided = ['APPROVED', 'DECLINED', 'COMPLETED'].includes(plan.status)
      const decidedAt = decided ? new Date(createdAt.getTime() + 4 * 86400_000) : null
      const [row] = await tx
        .insert(onboardingProducts)
        .values({
          businessId: business.id,
          productId: product.id,
          requirementsVersion: product.requirementsVersion,
          status: plan.status,
          answersUpdatedAt: new Date(createdAt.getTime() + 86400_000),
          submittedAt,
          decidedAt,
          decidedBy: decided ? (approver?.id ?? null) : null,
          decisionComment: plan.comment ?? null,
          completedAt: plan.status === 'COMPLETED' ? new Date(createdAt.getTime() + 6 * 86400_000) : null,
          completedBy: plan.status === 'COMPLETED' ? (approver?.id ?? null) : null,
          removedAt: plan.status === 'REMOVED' ? new Date(createdAt.getTime() + 3 * 86400_000) : null,
          createdBy: business.createdBy,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) continue
      // A draft has only its first answer; everything later has every text answer.
      const texts = requirementsOf.get(plan.product)!.filter((r) => r.type === 'Text Input')
      const answered = plan.status === 'PENDING' ? texts.slice(0, 1) : texts
      if (answered.length) {
        await tx.insert(onboardingAnswers).values(
          answered.map((r) => ({
            onboardingId: row.id,
            key: r.key,
            textValue: demoText(r.key, business.name),
            updatedBy: business.createdBy,
            updatedAt: createdAt,
          })),
        )
      }
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'onboarding_product',
        resourceId: row.id,
        action: 'SEED_DEMO_ONBOARDING',
        after: { business: business.name, product: product.code, status: plan.status },
      })
    }
  })
}

/** A one-page PDF standing in for the document a business would upload. */
async function demoPdf(title: string, businessName: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([595, 842])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  page.drawText(businessName, { x: 56, y: 760, size: 18, font })
  page.drawText(title, { x: 56, y: 730, size: 14, font })
  page.drawText('Demonstration document generated by the portal seed.', { x: 56, y: 700, size: 11, font })
  return pdf.save({ useObjectStreams: false })
}

/** Upload answers of submitted demo onboardings (required and optional ones), as real files; skipped without storage. */
async function seedDemoUploads(db: Database) {
  const { byName, byCode } = await demoContext(db)
  const wanted: {
    onboardingId: string
    businessId: string
    businessName: string
    requirement: StoredRequirement
    createdBy: string | null
  }[] = []
  for (const plan of DEMO_ONBOARDINGS) {
    if (!isSubmitted(plan.status)) continue
    const business = byName.get(plan.business)
    const product = byCode.get(plan.product)
    if (!business || !product) continue
    const [onboarding] = await db
      .select({ id: onboardingProducts.id })
      .from(onboardingProducts)
      .where(and(eq(onboardingProducts.businessId, business.id), eq(onboardingProducts.productId, product.id)))
      .limit(1)
    if (!onboarding) continue
    const answered = new Set(
      (
        await db
          .select({ key: onboardingAnswers.key })
          .from(onboardingAnswers)
          .where(eq(onboardingAnswers.onboardingId, onboarding.id))
      ).map((a) => a.key),
    )
    const uploads = DEMO_PRODUCTS.find((p) => p.code === plan.product)!.requirements.filter(
      (r) => r.type === ('Upload Document' satisfies RequirementType),
    )
    for (const requirement of uploads) {
      if (!answered.has(requirement.key))
        wanted.push({
          onboardingId: onboarding.id,
          businessId: business.id,
          businessName: business.name,
          requirement,
          createdBy: business.createdBy,
        })
    }
  }
  if (!wanted.length) return

  const { getBlobStorage } = await import('@/server/integrations/blob/blob-storage')
  try {
    await getBlobStorage().ping(2_000)
  } catch {
    logger.info(
      { missing: wanted.length },
      'blob storage not reachable: demo upload answers are left out until a start with storage',
    )
    return
  }
  const { storeServerUpload } = await import('@/server/records/attachable-file')
  for (const item of wanted) {
    if (!item.createdBy) continue
    // The owner who created the business is recorded as the uploader.
    const actor: Actor = {
      userId: item.createdBy,
      sessionId: '',
      email: 'system',
      firstName: '',
      lastName: '',
      permissions: new Set(),
      staffPermissions: new Set(),
      memberships: [],
      isStaff: false,
      iswStaff: false,
      tokenExpiresAt: 0,
      proof: { factorVerifiedAt: null, passwordVerifiedAt: null, hasFactor: false, enrolmentOnly: false },
    }
    const file = await storeServerUpload({
      db,
      actor,
      businessId: item.businessId,
      purpose: 'PRODUCT_REQUIREMENT',
      fileName: `${item.requirement.key}.pdf`,
      bytes: await demoPdf(item.requirement.label, item.businessName),
      audit: SYSTEM_AUDIT_CONTEXT,
    })
    await db.transaction(async (tx) => {
      await tx
        .insert(onboardingAnswers)
        .values({ onboardingId: item.onboardingId, key: item.requirement.key, fileId: file.id, updatedBy: item.createdBy })
        .onConflictDoNothing()
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'onboarding_product',
        resourceId: item.onboardingId,
        action: 'SEED_DEMO_UPLOAD',
        after: { key: item.requirement.key, fileId: file.id },
      })
    })
  }
}
