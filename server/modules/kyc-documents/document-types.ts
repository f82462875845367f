import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  createDocumentTypeSchema,
  DocumentType,
  documentTypeListQuerySchema,
  updateDocumentTypeSchema,
} from '@/lib/contracts/kyc-documents'
import { REGISTRATION_CLASSES, type RegistrationClass } from '@/lib/validation/registration-number-rules'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import {
  deferrableMappings,
  kycDocumentTypes,
  kycRequiredDocuments,
  type KycDocumentType,
  type KycRequiredDocument,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { lockDeferrableMapping } from '@/server/modules/deferral-review/deferral-configuration'

const byClassOrder = (a: RegistrationClass, b: RegistrationClass) =>
  REGISTRATION_CLASSES.indexOf(a) - REGISTRATION_CLASSES.indexOf(b)

export function toDocumentType(
  type: KycDocumentType,
  matrix: readonly Pick<KycRequiredDocument, 'registrationClass' | 'isRequired' | 'alternativeGroup'>[],
  deferrableFor: readonly RegistrationClass[],
  registrationClass?: RegistrationClass,
): DocumentType {
  const requiredRows = matrix.filter((m) => m.isRequired)
  return {
    id: type.id,
    code: type.code,
    name: type.name,
    description: type.description,
    isCac: type.isCac,
    isDeferrable: type.isDeferrable,
    typeOwner: type.typeOwner,
    isActive: type.isActive,
    requiredFor: requiredRows.map((m) => m.registrationClass).sort(byClassOrder),
    optionalFor: matrix
      .filter((m) => !m.isRequired)
      .map((m) => m.registrationClass)
      .sort(byClassOrder),
    alternativeGroup: requiredRows.find((m) => m.alternativeGroup)?.alternativeGroup ?? null,
    deferrableFor: [...deferrableFor].sort(byClassOrder),
    ...(registrationClass && { required: requiredRows.some((m) => m.registrationClass === registrationClass) }),
  }
}

async function withMatrix(
  db: Executor,
  types: KycDocumentType[],
  registrationClass?: RegistrationClass,
): Promise<DocumentType[]> {
  if (!types.length) return []
  const ids = types.map((t) => t.id)
  const [matrix, mapping] = await Promise.all([
    db.select().from(kycRequiredDocuments).where(inArray(kycRequiredDocuments.documentTypeId, ids)),
    db.select().from(deferrableMappings).where(inArray(deferrableMappings.documentTypeId, ids)),
  ])
  return types.map((t) =>
    toDocumentType(
      t,
      matrix.filter((m) => m.documentTypeId === t.id),
      mapping.filter((m) => m.documentTypeId === t.id).map((m) => m.registrationClass),
      registrationClass,
    ),
  )
}

/**
 * `GET /kyc-document-types`: active types (staff may ask for inactive ones too), filtered by CAC kind and owner;
 * with `registrationClass`, only the types the matrix lists for that class, required first.
 */
export async function findDocumentTypes(options: {
  db: Executor
  actor: Actor
  query: z.output<typeof documentTypeListQuerySchema>
}) {
  const { db, query } = options
  const conditions: SQL[] = []
  if (!(query.includeInactive && options.actor.isStaff)) conditions.push(eq(kycDocumentTypes.isActive, true))
  if (query.isCac !== undefined) conditions.push(eq(kycDocumentTypes.isCac, query.isCac))
  if (query.typeOwner) conditions.push(eq(kycDocumentTypes.typeOwner, query.typeOwner))
  if (query.registrationClass) {
    const listed = db
      .select({ id: kycRequiredDocuments.documentTypeId })
      .from(kycRequiredDocuments)
      .where(eq(kycRequiredDocuments.registrationClass, query.registrationClass))
    conditions.push(inArray(kycDocumentTypes.id, listed))
  }
  const types = await db
    .select()
    .from(kycDocumentTypes)
    .where(and(...conditions))
    .orderBy(asc(kycDocumentTypes.name))
  const result = await withMatrix(db, types, query.registrationClass)
  return query.registrationClass ? result.sort((a, b) => Number(b.required) - Number(a.required)) : result
}

async function getDocumentType(db: Executor, id: string): Promise<DocumentType> {
  const [type] = await db.select().from(kycDocumentTypes).where(eq(kycDocumentTypes.id, id))
  if (!type) throw new AppError('NOT_FOUND', 'Document type not found')
  return (await withMatrix(db, [type]))[0]!
}

function conflictOf(error: unknown): AppError | null {
  const constraint = uniqueViolationOf(error)
  if (constraint === 'kyc_document_types_code_key')
    return new AppError('CONFLICT', 'A document type with this code already exists', { field: 'code' })
  if (constraint === 'kyc_document_types_name_key')
    return new AppError('CONFLICT', 'A document type with this name already exists', { field: 'name' })
  return null
}

/**
 * Replaces the type's matrix rows with `requiredFor` (sharing `alternativeGroup`) and `optionalFor`, and keeps the
 * deferrable mapping in step: a type that is not deferrable is deferrable for no class; a deferrable one keeps the
 * classes it was mapped for that still list it (the mapping staff set with PUT /deferrals/deferrable-mapping is theirs
 * to keep), and takes the default (deferrable) for the classes newly listed, or for every listed class when it is new or
 * has just become deferrable (`wasDeferrableFor` null).
 */
async function writeMatrix(
  tx: Tx,
  typeId: string,
  next: {
    requiredFor: RegistrationClass[]
    optionalFor: RegistrationClass[]
    alternativeGroup: string | null
    isDeferrable: boolean
  },
  actorId: string,
  previous: { listed: readonly RegistrationClass[]; deferrableFor: readonly RegistrationClass[] } | null,
) {
  await tx.delete(kycRequiredDocuments).where(eq(kycRequiredDocuments.documentTypeId, typeId))
  const rows = [
    ...next.requiredFor.map((registrationClass) => ({
      registrationClass,
      documentTypeId: typeId,
      isRequired: true,
      alternativeGroup: next.alternativeGroup,
    })),
    ...next.optionalFor.map((registrationClass) => ({
      registrationClass,
      documentTypeId: typeId,
      isRequired: false,
      alternativeGroup: null,
    })),
  ]
  if (rows.length) await tx.insert(kycRequiredDocuments).values(rows)

  const listed = [...next.requiredFor, ...next.optionalFor]
  const deferrable = !next.isDeferrable
    ? []
    : previous
      ? listed.filter((c) => previous.deferrableFor.includes(c) || !previous.listed.includes(c))
      : listed
  const notDeferrable = REGISTRATION_CLASSES.filter((c) => !deferrable.includes(c))
  if (notDeferrable.length) {
    await tx
      .delete(deferrableMappings)
      .where(and(eq(deferrableMappings.documentTypeId, typeId), inArray(deferrableMappings.registrationClass, notDeferrable)))
  }
  if (deferrable.length) {
    await tx
      .insert(deferrableMappings)
      .values(deferrable.map((registrationClass) => ({ registrationClass, documentTypeId: typeId, createdBy: actorId })))
      .onConflictDoNothing()
  }
}

/** `POST /kyc-document-types` (staff): a new type with its matrix rows; audited. */
export async function createDocumentType(options: {
  db: Database
  actor: Actor
  input: z.output<typeof createDocumentTypeSchema>
  audit: AuditContext
}) {
  const { db, input } = options
  try {
    const id = await db.transaction(async (tx) => {
      const [type] = await tx
        .insert(kycDocumentTypes)
        .values({
          code: input.code,
          name: input.name,
          description: input.description ?? null,
          isCac: input.isCac,
          isDeferrable: input.isDeferrable,
          typeOwner: input.typeOwner,
          isActive: input.isActive,
        })
        .returning()
      await writeMatrix(tx, type!.id, { ...input, alternativeGroup: input.alternativeGroup ?? null }, options.actor.userId, null)
      await appendAudit(tx, options.audit, {
        resource: 'kyc_document_type',
        resourceId: type!.id,
        action: 'CREATE',
        after: await getDocumentType(tx, type!.id),
      })
      return type!.id
    })
    return getDocumentType(db, id)
  } catch (error) {
    throw conflictOf(error) ?? error
  }
}

/** `PUT /kyc-document-types/{id}` (staff): changes what is given; `requiredFor`/`optionalFor` replace its matrix rows. */
export async function updateDocumentType(options: {
  db: Database
  actor: Actor
  id: string
  input: z.output<typeof updateDocumentTypeSchema>
  audit: AuditContext
}) {
  const { db, input, id } = options
  await getDocumentType(db, id)
  try {
    await db.transaction(async (tx) => {
      // The mapping is read and rewritten below: no PUT /deferrals/deferrable-mapping may come in between.
      await lockDeferrableMapping(tx)
      const before = await getDocumentType(tx, id)
      const changes = {
        ...(input.code !== undefined && { code: input.code }),
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.isCac !== undefined && { isCac: input.isCac }),
        ...(input.isDeferrable !== undefined && { isDeferrable: input.isDeferrable }),
        ...(input.typeOwner !== undefined && { typeOwner: input.typeOwner }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
      }
      await tx
        .update(kycDocumentTypes)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(kycDocumentTypes.id, id))
      const matrixChanged =
        input.requiredFor !== undefined ||
        input.optionalFor !== undefined ||
        input.alternativeGroup !== undefined ||
        (input.isDeferrable !== undefined && input.isDeferrable !== before.isDeferrable)
      if (matrixChanged) {
        const requiredFor = input.requiredFor ?? before.requiredFor.filter((c) => !input.optionalFor?.includes(c))
        const optionalFor = input.optionalFor ?? before.optionalFor.filter((c) => !input.requiredFor?.includes(c))
        await writeMatrix(
          tx,
          id,
          {
            requiredFor,
            optionalFor,
            alternativeGroup: input.alternativeGroup !== undefined ? input.alternativeGroup : before.alternativeGroup,
            isDeferrable: input.isDeferrable ?? before.isDeferrable,
          },
          options.actor.userId,
          before.isDeferrable
            ? { listed: [...before.requiredFor, ...before.optionalFor], deferrableFor: before.deferrableFor }
            : null,
        )
      }
      await appendAudit(tx, options.audit, {
        resource: 'kyc_document_type',
        resourceId: id,
        action: 'UPDATE',
        before,
        after: await getDocumentType(tx, id),
      })
    })
  } catch (error) {
    throw conflictOf(error) ?? error
  }
  return getDocumentType(db, id)
}
