import { parse } from 'csv-parse/sync'
import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { CRM_ACCOUNT_CSV_COLUMNS, CRM_IMPORT_MAX_ROWS } from '@/lib/contracts/crm-values'
import type { ApiError } from '@/lib/contracts/errors'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { emailSchema, phoneSchema } from '@/lib/validation/person'
import { parseRegistrationNumber } from '@/lib/validation/registration-number'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { crmAccounts } from '@/server/db/schema'
import { assertStaffWithAll } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

/** Importing the built-in CRM directory: staff who register and maintain businesses (both permissions). */
export const CRM_IMPORTERS = [P.CAN_CREATE_BUSINESS, P.CAN_UPDATE_BUSINESS] as const

const optional = <T extends z.ZodType<string, unknown>>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), inner.optional())
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`)

const rowSchema = z.object({
  externalRef: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _'),
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(200, 'must be at most 200 characters'),
  regNo: optional(
    z
      .string()
      .trim()
      .refine((v) => parseRegistrationNumber(v) !== null, 'must be a registration number such as RC1234567 or BN1234567')
      .transform((v) => parseRegistrationNumber(v)!.normalised),
  ),
  typeHint: optional(text(100)),
  categoryHint: optional(text(100)),
  addressLine1: optional(text(200)),
  city: optional(text(100)),
  state: optional(text(100)),
  country: optional(text(100)),
  contactEmail: optional(emailSchema),
  contactPhone: optional(phoneSchema),
})
type Row = z.output<typeof rowSchema>

/**
 * Reads a CRM accounts CSV: a header row naming the template's columns (`externalRef` and `name` required, the others
 * optional, in any order), then one account per line. Every row is checked; any error refuses the whole file with one
 * entry per failing cell, `field` = `line <n>.<column>` (the line number counts the header as line 1).
 */
export function parseCrmAccountsCsv(csv: string): Row[] {
  let records: { record: Record<string, string>; info: { lines: number } }[]
  try {
    records = parse(csv, { columns: true, bom: true, skip_empty_lines: true, trim: true, info: true }) as typeof records
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `The file is not valid CSV: ${(error as Error).message}`, { field: 'file' })
  }
  if (!records.length) throw new AppError('VALIDATION_FAILED', 'The file has no accounts under its header row', { field: 'file' })
  if (records.length > CRM_IMPORT_MAX_ROWS)
    throw new AppError(
      'VALIDATION_FAILED',
      `The file has ${records.length} accounts; import at most ${CRM_IMPORT_MAX_ROWS} at once`,
      {
        field: 'file',
      },
    )
  const header = Object.keys(records[0]!.record)
  const unknown = header.filter((c) => !(CRM_ACCOUNT_CSV_COLUMNS as readonly string[]).includes(c))
  const missing = (['externalRef', 'name'] as const).filter((c) => !header.includes(c))
  if (unknown.length || missing.length) {
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      unknown.length ? `unknown ${unknown.join(', ')}` : '',
    ].filter(Boolean)
    throw new AppError(
      'VALIDATION_FAILED',
      `The header row has ${parts.join('; ')} (columns: ${CRM_ACCOUNT_CSV_COLUMNS.join(', ')})`,
      {
        field: 'file',
      },
    )
  }

  const errors: ApiError[] = []
  const rows: Row[] = []
  const seen = new Map<string, number>()
  for (const { record, info } of records) {
    const line = info.lines
    const parsed = rowSchema.safeParse(record)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = issue.path.map(String).join('.') || 'row'
        errors.push({
          code: 'VALIDATION_FAILED',
          field: `line ${line}.${column}`,
          message: `Line ${line}, ${column}: ${issue.message}`,
        })
      }
      continue
    }
    const earlier = seen.get(parsed.data.externalRef)
    if (earlier !== undefined) {
      errors.push({
        code: 'VALIDATION_FAILED',
        field: `line ${line}.externalRef`,
        message: `Line ${line}, externalRef: ${parsed.data.externalRef} already appears on line ${earlier}`,
      })
      continue
    }
    seen.set(parsed.data.externalRef, line)
    rows.push(parsed.data)
  }
  if (errors.length) {
    const shown = errors.slice(0, 100)
    throw new AppError('VALIDATION_FAILED', `${errors.length} error(s) in the file; nothing was imported. ${shown[0]!.message}`, {
      details: shown,
    })
  }
  return rows
}

/**
 * `POST /crm/accounts/import`: upserts the CSV's accounts into the built-in CRM directory by `externalRef`, all or
 * nothing, with one audit row naming how many were created and updated.
 */
export async function importCrmAccounts(options: { db: Database; actor: Actor; csv: string; audit: AuditContext }) {
  assertStaffWithAll(options.actor, ...CRM_IMPORTERS)
  const rows = parseCrmAccountsCsv(options.csv)
  return options.db.transaction(async (tx) => {
    const refs = rows.map((r) => r.externalRef)
    const existing = new Set<string>()
    for (let i = 0; i < refs.length; i += 1000) {
      const found = await tx
        .select({ ref: crmAccounts.externalRef })
        .from(crmAccounts)
        .where(inArray(crmAccounts.externalRef, refs.slice(i, i + 1000)))
      for (const f of found) existing.add(f.ref)
    }
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => ({
        externalRef: r.externalRef,
        name: r.name,
        regNo: r.regNo ?? null,
        typeHint: r.typeHint ?? null,
        categoryHint: r.categoryHint ?? null,
        addressLine1: r.addressLine1 ?? null,
        city: r.city ?? null,
        state: r.state ?? null,
        country: r.country ?? null,
        contactEmail: r.contactEmail ?? null,
        contactPhone: r.contactPhone ?? null,
      }))
      await tx
        .insert(crmAccounts)
        .values(values)
        .onConflictDoUpdate({
          target: crmAccounts.externalRef,
          set: {
            name: sql`excluded.name`,
            regNo: sql`excluded.reg_no`,
            typeHint: sql`excluded.type_hint`,
            categoryHint: sql`excluded.category_hint`,
            addressLine1: sql`excluded.address_line1`,
            city: sql`excluded.city`,
            state: sql`excluded.state`,
            country: sql`excluded.country`,
            contactEmail: sql`excluded.contact_email`,
            contactPhone: sql`excluded.contact_phone`,
            updatedAt: sql`now()`,
          },
        })
    }
    const result = { created: rows.length - existing.size, updated: existing.size }
    await appendAudit(tx, options.audit, {
      resource: 'crm_account',
      action: 'IMPORT',
      after: { ...result, externalRefs: refs.slice(0, 1000) },
    })
    return result
  })
}
