import { and, eq, inArray, ne } from 'drizzle-orm'
import type { z } from 'zod'
import {
  requirementKeyFrom,
  type createProductSchema,
  type requirementInputSchema,
  type updateProductSchema,
} from '@/lib/contracts/products'
import type { Product } from '@/lib/contracts/products'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import {
  businessDivisions,
  kycDocumentTypes,
  productCategories,
  productRequirementVersions,
  products,
  type StoredRequirement,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getProductById } from './product-record'

export type CreateProduct = z.output<typeof createProductSchema>
export type UpdateProduct = z.output<typeof updateProductSchema>
type RequirementIn = z.output<typeof requirementInputSchema>
type FieldError = { code: 'VALIDATION_FAILED'; field: string; message: string }

/**
 * Keys are stable: a key keeps its type for the product's whole history (earlier answers stay meaningful), and a
 * key derived for a new row never reuses one the product used before (a removed requirement stays retired).
 */
export function normaliseRequirements(input: readonly RequirementIn[], history: ReadonlyMap<string, StoredRequirement['type']>) {
  const errors: FieldError[] = []
  const explicit = new Set(input.flatMap((r) => (r.key ? [r.key] : [])))
  const taken = new Set([...history.keys(), ...explicit])
  const list: StoredRequirement[] = input.map((r, i) => {
    let key = r.key
    if (!key) {
      const base = requirementKeyFrom(r.label)
      key = base
      for (let n = 2; taken.has(key); n++) key = `${base}_${n}`
      taken.add(key)
    }
    const earlier = history.get(key)
    if (earlier && earlier !== r.type) {
      errors.push({
        code: 'VALIDATION_FAILED',
        field: `requirements.${i}.type`,
        message: `${r.label} was a ${earlier} before; add it as a new requirement instead of changing its type`,
      })
    }
    return { key, label: r.label, type: r.type, required: r.required, help: r.help ?? null }
  })
  return { list, errors }
}

async function keyHistory(db: Executor, productId: string) {
  const versions = await db
    .select({ requirements: productRequirementVersions.requirements })
    .from(productRequirementVersions)
    .where(eq(productRequirementVersions.productId, productId))
  const history = new Map<string, StoredRequirement['type']>()
  for (const v of versions) for (const r of v.requirements) history.set(r.key, r.type)
  return history
}

/** Category, division and KYC document types must exist: 400 naming the field otherwise. */
async function assertReferences(
  db: Executor,
  input: { categoryId?: string; divisionId?: string; kycDocumentTypeIds?: string[] },
) {
  const errors: FieldError[] = []
  if (input.categoryId && !(await db.query.productCategories.findFirst({ where: eq(productCategories.id, input.categoryId) }))) {
    errors.push({ code: 'VALIDATION_FAILED', field: 'categoryId', message: 'Choose a category from the list' })
  }
  if (input.divisionId && !(await db.query.businessDivisions.findFirst({ where: eq(businessDivisions.id, input.divisionId) }))) {
    errors.push({ code: 'VALIDATION_FAILED', field: 'divisionId', message: 'Choose a division from the list' })
  }
  const ids = [...new Set(input.kycDocumentTypeIds ?? [])]
  if (ids.length) {
    const known = await knownDocumentTypeIds(db, ids)
    ids.forEach((id) => {
      if (!known.has(id))
        errors.push({
          code: 'VALIDATION_FAILED',
          field: `kycDocumentTypeIds.${input.kycDocumentTypeIds!.indexOf(id)}`,
          message: 'Choose KYC document types from the list',
        })
    })
  }
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, { details: errors })
}

/** The ids among `ids` that are KYC document types. */
async function knownDocumentTypeIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).where(inArray(kycDocumentTypes.id, ids))
  return new Set(rows.map((r) => r.id))
}

/** Who approved a change applied through four-eyes; their ids go into the record's audit row too. */
type Actors = Record<string, string>

const codeTaken = (code: string) => new AppError('CONFLICT', `A product with code ${code} already exists`, { field: 'code' })

/**
 * Checks a new product as POST /products does (400 naming the field, 409 when the code is taken) and returns it with
 * its requirements normalised (every one keyed): what `writeProductCreate` writes, now or once approved.
 */
export async function validateProductCreate(db: Executor, input: CreateProduct): Promise<CreateProduct> {
  await assertReferences(db, input)
  const { list, errors } = normaliseRequirements(input.requirements, new Map())
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, { details: errors })
  const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.code, input.code))
  if (taken) throw codeTaken(input.code)
  return { ...input, kycDocumentTypeIds: [...new Set(input.kycDocumentTypeIds)], requirements: list }
}

/** Writes a checked new product (not live, requirement version 1) in the caller's transaction; returns its id. */
export async function writeProductCreate(
  tx: Tx,
  audit: AuditContext,
  options: { input: CreateProduct; createdBy: string; actors?: Actors },
): Promise<string> {
  const { input } = options
  const list = normaliseRequirements(input.requirements, new Map()).list
  const [row] = await tx
    .insert(products)
    .values({
      code: input.code,
      name: input.name,
      description: input.description ?? null,
      categoryId: input.categoryId,
      divisionId: input.divisionId,
      active: input.active,
      live: false,
      kycDocumentTypeIds: [...new Set(input.kycDocumentTypeIds)],
      requirementsVersion: 1,
      riskLevel: input.riskLevel,
      createdBy: options.createdBy,
    })
    .returning()
  await tx
    .insert(productRequirementVersions)
    .values({ productId: row!.id, version: 1, requirements: list, createdBy: options.createdBy })
  await appendAudit(tx, audit, {
    resource: 'product',
    resourceId: row!.id,
    action: 'CREATE',
    after: { ...row, requirements: list, ...options.actors },
  })
  return row!.id
}

/** POST /products (staff, CAN_UPDATE_PRODUCT) with four-eyes off: created not live, with requirement version 1. */
export async function createProduct(options: { db: Database; actor: Actor; input: CreateProduct; audit: AuditContext }) {
  const { db, actor } = options
  const input = await validateProductCreate(db, options.input)
  let id: string
  try {
    id = await db.transaction((tx) => writeProductCreate(tx, options.audit, { input, createdBy: actor.userId }))
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw codeTaken(input.code)
    throw error
  }
  return getProductById(db, id)
}

const sameRequirements = (a: readonly StoredRequirement[], b: readonly StoredRequirement[]) =>
  JSON.stringify(a.map((r) => [r.key, r.label, r.type, r.required, r.help ?? null])) ===
  JSON.stringify(b.map((r) => [r.key, r.label, r.type, r.required, r.help ?? null]))

/**
 * Checks a change as PUT /products/{id} does (404, 400 naming the field) against the product as it stands; the
 * requirements come back normalised (keyed), and `nextRequirements` is set only when they differ from the current ones.
 */
export async function prepareProductUpdate(db: Executor, id: string, raw: UpdateProduct) {
  const before = await getProductById(db, id)
  await assertReferences(db, raw)
  let nextRequirements: StoredRequirement[] | null = null
  let input = raw
  if (raw.requirements) {
    const { list, errors } = normaliseRequirements(raw.requirements, await keyHistory(db, id))
    if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, { details: errors })
    if (!sameRequirements(list, before.requirements)) nextRequirements = list
    input = { ...raw, requirements: list }
  }
  return { before, input, nextRequirements }
}

/**
 * Writes a checked change in the caller's transaction. A changed requirement list becomes a new version; the update
 * is conditional on the version read, so two editors at once cannot both create the same next version.
 */
export async function writeProductUpdate(
  tx: Tx,
  audit: AuditContext,
  options: {
    id: string
    before: Product
    input: UpdateProduct
    nextRequirements: StoredRequirement[] | null
    actorId: string
    actors?: Actors
  },
) {
  const { id, before, input, nextRequirements } = options
  const version = nextRequirements ? before.requirementsVersion + 1 : before.requirementsVersion
  const [row] = await tx
    .update(products)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description ?? null }),
      ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
      ...(input.divisionId !== undefined && { divisionId: input.divisionId }),
      ...(input.active !== undefined && { active: input.active }),
      ...(input.kycDocumentTypeIds !== undefined && { kycDocumentTypeIds: [...new Set(input.kycDocumentTypeIds)] }),
      ...(input.riskLevel !== undefined && { riskLevel: input.riskLevel }),
      requirementsVersion: version,
      updatedAt: new Date(),
    })
    .where(and(eq(products.id, id), eq(products.requirementsVersion, before.requirementsVersion)))
    .returning()
  if (!row) throw new AppError('CONFLICT', 'Someone changed this product at the same time; reload it and try again')
  if (nextRequirements) {
    await tx
      .insert(productRequirementVersions)
      .values({ productId: id, version, requirements: nextRequirements, createdBy: options.actorId })
  }
  const { requirements: _r, ...beforeFields } = before
  await appendAudit(tx, audit, {
    resource: 'product',
    resourceId: id,
    action: 'UPDATE',
    before: nextRequirements ? before : beforeFields,
    after: { ...row, ...(nextRequirements ? { requirements: nextRequirements } : {}), ...options.actors },
  })
}

/**
 * PUT /products/{id} (staff, CAN_UPDATE_PRODUCT) with four-eyes off. A changed requirement list becomes a new version;
 * onboardings already submitted keep the version they were answered against.
 */
export async function updateProduct(options: {
  db: Database
  actor: Actor
  id: string
  input: UpdateProduct
  audit: AuditContext
}) {
  const { db, actor, id } = options
  const prepared = await prepareProductUpdate(db, id, options.input)
  await db.transaction((tx) => writeProductUpdate(tx, options.audit, { id, ...prepared, actorId: actor.userId }))
  return getProductById(db, id)
}

/**
 * Whether the product may switch to `live`: going live needs an active product with at least one requirement;
 * switching to the state it is in already is 409 INVALID_STATE.
 */
export function checkGoLive(before: Product, live: boolean) {
  if (before.live === live) throw new AppError('INVALID_STATE', live ? 'The product is live already' : 'The product is not live')
  if (live) {
    const reasons: string[] = []
    if (!before.active) reasons.push('The product is inactive; activate it first')
    if (before.requirements.length === 0) reasons.push('The product has no requirements; add at least one')
    if (reasons.length)
      throw new AppError('PRECONDITION_FAILED', reasons[0]!, {
        details: reasons.map((message) => ({ code: 'PRECONDITION_FAILED', message })),
      })
  }
}

/** Takes a checked product live or withdraws it, in the caller's transaction (conditional on the state read). */
export async function writeGoLive(
  tx: Tx,
  audit: AuditContext,
  options: { id: string; before: Product; live: boolean; actors?: Actors },
) {
  const { id, before, live } = options
  const [row] = await tx
    .update(products)
    .set({ live, updatedAt: new Date(), ...(live ? { wentLiveAt: new Date() } : {}) })
    .where(and(eq(products.id, id), ne(products.live, live), live ? eq(products.active, true) : undefined))
    .returning()
  if (!row) {
    const [current] = await tx.select({ live: products.live, active: products.active }).from(products).where(eq(products.id, id))
    throw new AppError(
      'INVALID_STATE',
      current?.live ? 'The product is live already' : 'The product changed meanwhile (it is not live); reload it',
    )
  }
  await appendAudit(tx, audit, {
    resource: 'product',
    resourceId: id,
    action: live ? 'GO_LIVE' : 'WITHDRAW',
    before: { live: before.live },
    after: { live: row.live, ...options.actors },
  })
}

/** PUT /products/{id}/go-live (staff, CAN_INDICATE_PRODUCT_GO_LIVE) with four-eyes off. */
export async function setProductLive(options: { db: Database; id: string; live: boolean; audit: AuditContext }) {
  const { db, id, live } = options
  const before = await getProductById(db, id)
  checkGoLive(before, live)
  await db.transaction((tx) => writeGoLive(tx, options.audit, { id, before, live }))
  return getProductById(db, id)
}
