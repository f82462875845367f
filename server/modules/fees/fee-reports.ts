import { and, asc, count, desc, eq, gte, sql, sum, type SQL } from 'drizzle-orm'
import type { FeeCharge, FeeClientAggregates, FeeReportFilter, FeeServiceAggregates } from '@/lib/contracts/fees'
import type { Page } from '@/lib/contracts/pagination'
import type { Database } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { businessDivisions, feeCharges, kycServiceDetails, kycServiceProviders } from '@/server/db/schema'
import { findPage } from '@/server/http/pagination'
import { koboToNairaAmount } from './fees'

export function chargeFilter(filter: FeeReportFilter): SQL | undefined {
  const where: SQL[] = []
  if (filter.from) where.push(gte(feeCharges.createdAt, new Date(filter.from)))
  if (filter.to) where.push(upToIncluding(feeCharges.createdAt, filter.to))
  if (filter.divisionId) where.push(eq(feeCharges.divisionId, filter.divisionId))
  if (filter.serviceType) where.push(eq(kycServiceDetails.serviceType, filter.serviceType))
  return and(...where)
}

const chargeColumns = {
  id: feeCharges.id,
  /** Full-precision time for keyset paging (a JS Date drops microseconds). */
  cursor: sql<string>`${feeCharges.createdAt}::text`,
  createdAt: feeCharges.createdAt,
  businessId: feeCharges.businessId,
  businessName: feeCharges.businessName,
  divisionId: feeCharges.divisionId,
  divisionName: businessDivisions.name,
  serviceType: kycServiceDetails.serviceType,
  serviceName: kycServiceDetails.name,
  providerCode: kycServiceProviders.code,
  amountKobo: feeCharges.amountKobo,
  noFee: feeCharges.noFee,
}

/** Charges with their names, newest first; `where` from chargeFilter (a select builder: paged or batched). */
export function selectCharges(db: Database, where: SQL | undefined) {
  return db
    .select(chargeColumns)
    .from(feeCharges)
    .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, feeCharges.serviceDetailId))
    .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
    .leftJoin(businessDivisions, eq(businessDivisions.id, feeCharges.divisionId))
    .where(where)
    .orderBy(desc(feeCharges.createdAt), desc(feeCharges.id))
}

export type ChargeRow = Awaited<ReturnType<typeof selectCharges>>[number]

export function toFeeCharge(row: ChargeRow): FeeCharge {
  return {
    id: row.id,
    chargedAt: row.createdAt.toISOString(),
    businessId: row.businessId,
    businessName: row.businessName,
    divisionId: row.divisionId,
    divisionName: row.divisionName,
    serviceType: row.serviceType,
    serviceName: row.serviceName,
    providerCode: row.providerCode,
    amount: koboToNairaAmount(row.amountKobo),
    noFee: row.noFee,
  }
}

/** `POST /fees/reports`: a page of charges. */
export async function findFeeReport(options: {
  db: Database
  query: FeeReportFilter & { pageNumber: number; pageSize: number }
}): Promise<Page<FeeCharge>> {
  const { db, query } = options
  return findPage({
    query,
    rows: selectCharges(db, chargeFilter(query)),
    count: () =>
      db
        .select({ value: count() })
        .from(feeCharges)
        .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, feeCharges.serviceDetailId))
        .where(chargeFilter(query)),
    content: (rows) => rows.map(toFeeCharge),
  })
}

const totals = {
  charges: count(),
  unpriced: sql<number>`count(*) filter (where ${feeCharges.noFee})`.mapWith(Number),
  amountKobo: sum(feeCharges.amountKobo).mapWith(Number),
}

const grandTotal = (rows: { charges: number; amount: number }[]) => ({
  charges: rows.reduce((n, r) => n + r.charges, 0),
  amount: koboToNairaAmount(rows.reduce((n, r) => n + Math.round(r.amount * 100), 0)),
})

/** `GET /fees/reports/aggregates`: totals by client (division); charges of a business with no division under null. */
export async function feeTotalsByClient(options: { db: Database; filter: FeeReportFilter }): Promise<FeeClientAggregates> {
  const rows = await options.db
    .select({ divisionId: feeCharges.divisionId, divisionName: businessDivisions.name, ...totals })
    .from(feeCharges)
    .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, feeCharges.serviceDetailId))
    .leftJoin(businessDivisions, eq(businessDivisions.id, feeCharges.divisionId))
    .where(chargeFilter(options.filter))
    .groupBy(feeCharges.divisionId, businessDivisions.name)
    .orderBy(asc(businessDivisions.name))
  const shaped = rows.map(({ amountKobo, ...r }) => ({ ...r, amount: koboToNairaAmount(amountKobo ?? 0) }))
  return { rows: shaped, total: grandTotal(shaped) }
}

/** `GET /fees/reports/aggregates/kyc`: totals by KYC service (and its provider). */
export async function feeTotalsByService(options: { db: Database; filter: FeeReportFilter }): Promise<FeeServiceAggregates> {
  const rows = await options.db
    .select({
      serviceType: kycServiceDetails.serviceType,
      providerCode: kycServiceProviders.code,
      serviceName: kycServiceDetails.name,
      ...totals,
    })
    .from(feeCharges)
    .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, feeCharges.serviceDetailId))
    .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
    .where(chargeFilter(options.filter))
    .groupBy(kycServiceDetails.serviceType, kycServiceProviders.code, kycServiceDetails.name)
    .orderBy(asc(kycServiceDetails.serviceType), asc(kycServiceProviders.code))
  const shaped = rows.map(({ amountKobo, ...r }) => ({ ...r, amount: koboToNairaAmount(amountKobo ?? 0) }))
  return { rows: shaped, total: grandTotal(shaped) }
}
