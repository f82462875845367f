import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  GovernmentEntity,
  governmentEntityInputSchema,
  GovernmentEntityDetails,
  GovernmentEntityListQuery,
} from '@/lib/contracts/government'
import { GOVERNMENT_COUNTRY } from '@/lib/contracts/government-values'
import { insertAudited, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { governmentEntities, governmentParastatals, type GovernmentEntityRow } from '@/server/db/schema'
import { containsIgnoringCase } from '@/server/db/text-search'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { canonicalLocation } from '@/server/modules/kyc/kyc-locations'
import { findDocumentsOf } from './documents'
import { getEntityRowOrThrow, GOVERNMENT_OFFICERS } from './government-access'
import { findProductsOf } from './products'
import { findRepresentativesOf } from './representatives'

type EntityRowWithParastatal = { entity: GovernmentEntityRow; parastatalName: string }

export function toEntity({ entity: e, parastatalName }: EntityRowWithParastatal): GovernmentEntity {
  return {
    id: e.id,
    name: e.name,
    parastatal: { id: e.parastatalId, name: parastatalName },
    tier: e.tier,
    contactName: e.contactName,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    address: { line1: e.addressLine1, city: e.city, country: e.country, state: e.state, lga: e.lga },
    archiveStatus: e.archiveStatus,
    archivedAt: e.archivedAt?.toISOString() ?? null,
    archivedBy: e.archivedBy,
    archiveReason: e.archiveReason,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  }
}

export async function toEntities(db: Executor, rows: GovernmentEntityRow[]): Promise<GovernmentEntity[]> {
  const ids = [...new Set(rows.map((r) => r.parastatalId))]
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: governmentParastatals.id, name: governmentParastatals.name })
            .from(governmentParastatals)
            .where(inArray(governmentParastatals.id, ids))
        ).map((p) => [p.id, p.name])
      : [],
  )
  return rows.map((entity) => toEntity({ entity, parastatalName: names.get(entity.parastatalId) ?? '' }))
}

/**
 * `POST /government`: a new entity under an active parastatal, its address in Nigeria with a state and LGA from the
 * reference dataset (docs/domain.md#government). Audited in the same transaction.
 */
export async function createEntity(options: {
  db: Database
  actor: Actor
  input: z.output<typeof governmentEntityInputSchema>
  audit: AuditContext
}) {
  const { db, actor, input } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const location = await canonicalLocation({ country: GOVERNMENT_COUNTRY, state: input.address.state, lga: input.address.lga })
  const [parastatal] = await db
    .select()
    .from(governmentParastatals)
    .where(and(eq(governmentParastatals.id, input.parastatalId), eq(governmentParastatals.active, true)))
  if (!parastatal) throw new AppError('VALIDATION_FAILED', 'Choose a parastatal from the list', { field: 'parastatalId' })

  const row = await db.transaction((tx) =>
    insertAudited(tx, options.audit, {
      resource: 'government_entity',
      table: governmentEntities,
      values: {
        name: input.name,
        parastatalId: parastatal.id,
        tier: input.tier,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        addressLine1: input.address.line1,
        city: input.address.city ?? null,
        country: location.country,
        state: location.state,
        lga: location.lga!,
        createdBy: actor.userId,
      },
    }),
  )
  return toEntity({ entity: row, parastatalName: parastatal.name })
}

export function entityFilters(query: Omit<GovernmentEntityListQuery, 'archiveStatus'>): SQL[] {
  const where: SQL[] = []
  if (query.searchKey) where.push(containsIgnoringCase(governmentEntities.name, query.searchKey))
  if (query.tier) where.push(eq(governmentEntities.tier, query.tier))
  if (query.parastatalId) where.push(eq(governmentEntities.parastatalId, query.parastatalId))
  if (query.state) where.push(eq(governmentEntities.state, query.state))
  return where
}

/** `GET /government` (active entities by default) and `GET /archive/government-entities` (archived ones). */
export async function findEntities(options: { db: Executor; actor: Actor; query: GovernmentEntityListQuery }) {
  const { db, actor, query } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const where = and(...entityFilters(query), eq(governmentEntities.archiveStatus, query.archiveStatus))
  const order = query.archiveStatus === 'ARCHIVED' ? governmentEntities.archivedAt : governmentEntities.createdAt
  return findPage({
    query,
    rows: db
      .select()
      .from(governmentEntities)
      .where(where)
      .orderBy(query.recentFirst ? desc(order) : asc(order), asc(governmentEntities.id)),
    count: () => db.select({ value: count() }).from(governmentEntities).where(where),
    content: (rows) => toEntities(db, rows),
  })
}

/** `GET /government/{id}`: the entity with its representatives (ID numbers masked), documents and products. */
export async function getEntityDetails(options: { db: Executor; actor: Actor; id: string }): Promise<GovernmentEntityDetails> {
  const { db, actor, id } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const row = await getEntityRowOrThrow(db, id)
  const [[entity], representatives, documents, products] = await Promise.all([
    toEntities(db, [row]),
    findRepresentativesOf(db, id),
    findDocumentsOf(db, id),
    findProductsOf(db, [id]),
  ])
  return { ...entity!, representatives, documents, products }
}
