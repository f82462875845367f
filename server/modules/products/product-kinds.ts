import { eq, inArray } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businessDivisions, kycDocumentTypes, productCategories, products, type StoredRequirement } from '@/server/db/schema'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import { getProductById } from '@/server/modules/products/product-record'
import {
  checkGoLive,
  prepareProductUpdate,
  validateProductCreate,
  writeGoLive,
  writeProductCreate,
  writeProductUpdate,
  type CreateProduct,
  type UpdateProduct,
} from '@/server/modules/products/save-product'

export interface ProductGoLiveProposal {
  live: boolean
}

const labels = {
  code: 'Code',
  name: 'Name',
  description: 'Description',
  category: 'Category',
  division: 'Division',
  active: 'Active',
  live: 'Live',
  kycDocumentTypes: 'KYC documents',
  requirements: 'Requirements',
  riskLevel: 'Risk level',
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

const REQUIREMENT_TYPE_WORDS: Record<StoredRequirement['type'], string> = {
  'Text Input': 'a text answer',
  'Upload Document': 'a document upload',
}

/**
 * One requirement as the diff shows it: what a business would be asked, and how, in words (its internal key stays
 * out: a saved requirement never changes key, and a checker reads the label).
 */
export const requirementLine = (r: Pick<StoredRequirement, 'label' | 'type' | 'required' | 'help'>) =>
  `${r.label}: ${REQUIREMENT_TYPE_WORDS[r.type] ?? r.type}, ${r.required ? 'required' : 'optional'}${r.help ? ` (${r.help})` : ''}`

async function categoryName(db: Executor, id: string) {
  const [row] = await db.select({ name: productCategories.name }).from(productCategories).where(eq(productCategories.id, id))
  return row?.name ?? id
}

async function divisionName(db: Executor, id: string | null | undefined) {
  if (!id) return null
  const [row] = await db.select({ name: businessDivisions.name }).from(businessDivisions).where(eq(businessDivisions.id, id))
  return row?.name ?? id
}

async function documentTypeNames(db: Executor, ids: readonly string[]) {
  if (!ids.length) return []
  const rows = await db
    .select({ name: kycDocumentTypes.name })
    .from(kycDocumentTypes)
    .where(inArray(kycDocumentTypes.id, [...new Set(ids)]))
  return rows.map((r) => r.name).sort()
}

/** A product as an authorization compares and shows it (names, not ids). */
async function productSnapshot(
  db: Executor,
  p: {
    code: string
    name: string
    description?: string | null
    categoryId: string
    divisionId?: string | null
    active: boolean
    live: boolean
    kycDocumentTypeIds: readonly string[]
    requirements: readonly StoredRequirement[]
    riskLevel: string
  },
): Promise<Snapshot> {
  return {
    code: p.code,
    name: p.name,
    description: p.description ?? null,
    category: await categoryName(db, p.categoryId),
    division: await divisionName(db, p.divisionId),
    active: yesNo(p.active),
    live: yesNo(p.live),
    kycDocumentTypes: await documentTypeNames(db, p.kycDocumentTypeIds),
    requirements: p.requirements.map(requirementLine),
    riskLevel: p.riskLevel,
  }
}

/** The product as it stands, or null when it is gone; `lock` holds its row until the transaction ends. */
export async function currentProductSnapshot(db: Executor, id: string, lock = false): Promise<Snapshot | null> {
  const query = db.select({ id: products.id }).from(products).where(eq(products.id, id))
  const [exists] = lock ? await query.for('update') : await query
  if (!exists) return null
  return productSnapshot(db, await getProductById(db, id))
}

const current = (db: Executor, row: { resourceId: string | null }, lock: boolean) =>
  currentProductSnapshot(db, row.resourceId!, lock)

export const productCreateKind = defineKind<CreateProduct>({
  type: 'PRODUCT_CREATE',
  resource: 'product',
  creates: true,
  labels,
  current: async () => null,
  proposed: (db, p) => productSnapshot(db, { ...p, live: false, requirements: p.requirements as StoredRequirement[] }),
  async staleReason(tx, p) {
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.code, p.code))
    return taken ? `A product with code ${p.code} has been created` : null
  },
  async apply(tx, audit, row, actors) {
    const input = await validateProductCreate(tx, row.proposal)
    return { resourceId: await writeProductCreate(tx, audit, { input, createdBy: row.makerId, actors: { ...actors } }) }
  },
})

export const productUpdateKind = defineKind<UpdateProduct>({
  type: 'PRODUCT_UPDATE',
  resource: 'product',
  creates: false,
  labels,
  current,
  async proposed(db, p, before) {
    const b = before ?? {}
    return {
      ...b,
      ...(p.name !== undefined && { name: p.name }),
      ...(p.description !== undefined && { description: p.description ?? null }),
      ...(p.categoryId !== undefined && { category: await categoryName(db, p.categoryId) }),
      ...(p.divisionId !== undefined && { division: await divisionName(db, p.divisionId) }),
      ...(p.active !== undefined && { active: yesNo(p.active) }),
      ...(p.kycDocumentTypeIds !== undefined && { kycDocumentTypes: await documentTypeNames(db, p.kycDocumentTypeIds) }),
      ...(p.requirements !== undefined && { requirements: (p.requirements as StoredRequirement[]).map(requirementLine) }),
      ...(p.riskLevel !== undefined && { riskLevel: p.riskLevel }),
    }
  },
  async apply(tx, audit, row, actors) {
    const id = row.resourceId!
    const prepared = await prepareProductUpdate(tx, id, row.proposal)
    await writeProductUpdate(tx, audit, { id, ...prepared, actorId: row.makerId, actors: { ...actors } })
    return { resourceId: id }
  },
})

export const productGoLiveKind = defineKind<ProductGoLiveProposal>({
  type: 'PRODUCT_GO_LIVE',
  resource: 'product',
  creates: false,
  labels,
  current,
  proposed: async (_db, p, before) => ({ ...before, live: yesNo(p.live) }),
  async apply(tx, audit, row, actors) {
    const id = row.resourceId!
    const before = await getProductById(tx, id)
    checkGoLive(before, row.proposal.live)
    await writeGoLive(tx, audit, { id, before, live: row.proposal.live, actors: { ...actors } })
    return { resourceId: id }
  },
})

registerKinds(productCreateKind, productUpdateKind, productGoLiveKind)
