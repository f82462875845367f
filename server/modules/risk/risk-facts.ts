import { eq, inArray, sql } from 'drizzle-orm'
import { KOBO_PER_NAIRA } from '@/lib/contracts/kyc-values'
import type { LegalForm, ProductRiskLevel } from '@/lib/contracts/risk-values'
import { personKeyOf } from '@/lib/kyc/effective-ownership'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import {
  businessCategories,
  businesses,
  kycAddresses,
  kycDetails,
  onboardingProducts,
  products,
  shareholders,
} from '@/server/db/schema'
import { createCountryLookup } from '@/server/modules/screening/importers/countries'
import type { LinkedCountry, RiskFacts } from './assess-business'

const countries = createCountryLookup({ acceptCodes: true })
const NIGERIA = 'NG'

const link = (text: string | null | undefined, where: string): LinkedCountry[] =>
  text?.trim() ? [{ code: countries.codeOf(text), text: text.trim(), link: where }] : []

/**
 * The facts the risk model reads (docs/risk.md#where-each-fact-comes-from) for a batch of businesses, in three queries
 * whatever the batch's size: the business row with its category, channel, company details, addresses' countries and
 * products applied for; the shareholding; the current screening checks and candidates. A business that is not found
 * is left out.
 */
export async function gatherRiskFacts(db: Executor, businessIds: readonly string[]): Promise<Map<string, RiskFacts>> {
  const ids = [...businessIds]
  if (!ids.length) return new Map()
  // Three statements, not six: a recomputation runs in its caller's transaction, where each statement is a round trip
  // of its own (bench/risk-recompute.ts). The company details (one row at most), the KYC addresses' countries and the
  // products applied for come with the business row.
  const [rows, holders, screening] = await Promise.all([
    db
      .select({
        id: businesses.id,
        registrationClass: businesses.registrationClass,
        country: businesses.country,
        category: businessCategories.name,
        // docs/risk.md#where-each-fact-comes-from: a partner's handover imported it; else our staff registered it; else the owner did.
        partner: sql<boolean>`exists (select 1 from external_handovers h where h.business_id = ${businesses.id})`,
        staff: sql<boolean>`exists (select 1 from user_roles r where r.user_id = ${businesses.createdBy})`,
        hasDetails: sql<boolean>`${kycDetails.id} is not null`,
        countryOfIncorporation: kycDetails.countryOfIncorporation,
        employees: kycDetails.numberOfEmployees,
        turnoverKobo: kycDetails.annualTurnoverKobo,
        addressCountries: sql<(string | null)[]>`(select coalesce(json_agg(${kycAddresses.country}), '[]'::json)
          from ${kycAddresses} where ${kycAddresses.businessId} = ${businesses.id})`,
        applied: sql<{ name: string; riskLevel: string }[]>`(select coalesce(json_agg(json_build_object('name', ${products.name},
          'riskLevel', ${products.riskLevel})), '[]'::json)
          from ${onboardingProducts} join ${products} on ${products.id} = ${onboardingProducts.productId}
          where ${onboardingProducts.businessId} = ${businesses.id} and ${onboardingProducts.status} <> 'REMOVED')`,
      })
      .from(businesses)
      .leftJoin(businessCategories, eq(businessCategories.id, businesses.categoryId))
      .leftJoin(kycDetails, eq(kycDetails.businessId, businesses.id))
      .where(inArray(businesses.id, ids)),
    db
      .select({
        id: shareholders.id,
        businessId: shareholders.businessId,
        parentId: shareholders.parentShareholderId,
        type: shareholders.type,
        role: shareholders.role,
        nationality: shareholders.nationality,
        bvnIndex: shareholders.bvnIndex,
        firstName: shareholders.firstName,
        lastName: shareholders.lastName,
        percentageUnits: shareholders.percentageUnits,
      })
      .from(shareholders)
      .where(inArray(shareholders.businessId, ids)),
    // The screening module's current results: the persons screened with their nationality and PEP declaration, the
    // candidates still open, the true matches by list kind (docs/screening.md#screening-status-of-a-business).
    db.execute(sql`
      select c.business_id, c.subject_kind, c.roles, c.screened_with->>'nationality' as nationality,
        c.pep_declaration->>'status' as pep_status, c.pep_declaration->>'country' as pep_country,
        (select count(*)::int from screening_hits h where h.check_id = c.id and h.status = 'OPEN') as open,
        (select count(*)::int from screening_hits h join screening_entries e on e.id = h.entry_id
          join screening_lists l on l.id = e.list_id
          where h.check_id = c.id and h.status = 'TRUE_MATCH' and l.kind = 'SANCTIONS') as sanctions,
        (select count(*)::int from screening_hits h join screening_entries e on e.id = h.entry_id
          join screening_lists l on l.id = e.list_id
          where h.check_id = c.id and h.status = 'TRUE_MATCH' and l.kind = 'PEP') as pep_match
      from screening_checks c
      where c.business_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and c.superseded_at is null`),
  ])

  const facts = new Map<string, RiskFacts>()
  for (const row of rows) {
    facts.set(row.id, {
      legalForm: row.registrationClass as LegalForm,
      category: row.category,
      countries: link(row.country, 'the business address'),
      shareholders: [],
      pep: { declared: 0, confirmed: 0 },
      screening: { open: 0, trueSanctions: 0 },
      products: [],
      channel: row.partner ? 'PARTNER_HANDOVER' : row.staff ? 'STAFF_ASSISTED' : 'SELF_SERVICE',
      annualTurnoverNaira: null,
      employees: null,
    })
  }
  for (const d of rows) {
    const f = facts.get(d.id)!
    if (d.hasDetails) {
      f.countries.push(...link(d.countryOfIncorporation, 'the country of incorporation'))
      f.employees = d.employees
      f.annualTurnoverNaira = d.turnoverKobo === null ? null : Math.floor(d.turnoverKobo / KOBO_PER_NAIRA)
    }
    for (const country of d.addressCountries) f.countries.push(...link(country, 'a KYC address'))
    for (const p of d.applied) f.products.push({ name: p.name, riskLevel: p.riskLevel as ProductRiskLevel })
  }
  // A trust is a layer of ownership (its settlor, trustees and beneficiaries hold nothing); a nominee's principal is the
  // person behind its holding (docs/ownership.md).
  const principalOf = new Map(holders.filter((h) => h.role === 'PRINCIPAL' && h.parentId).map((h) => [h.parentId!, h]))
  for (const h of holders) {
    const f = facts.get(h.businessId)
    if (!f || h.role) continue
    const corporateCountry = h.type === 'CORPORATE' ? link(h.nationality, 'a corporate shareholder') : []
    f.countries.push(...corporateCountry)
    const person = h.type === 'NOMINEE' ? principalOf.get(h.id) : h.type === 'INDIVIDUAL' ? h : undefined
    f.shareholders.push({
      id: h.id,
      parentId: h.parentId,
      kind: h.type === 'INDIVIDUAL' || h.type === 'NOMINEE' ? 'INDIVIDUAL' : 'CORPORATE',
      percentage: h.percentageUnits / 100,
      personKey: person ? personKeyOf({ bvn: person.bvnIndex, firstName: person.firstName, lastName: person.lastName }) : null,
      foreign: corporateCountry.some((c) => c.code !== NIGERIA),
    })
  }
  for (const s of rowsOf<{
    business_id: string
    subject_kind: string
    roles: string[]
    nationality: string | null
    pep_status: string | null
    pep_country: string | null
    open: number
    sanctions: number
    pep_match: number
  }>(screening)) {
    const f = facts.get(s.business_id)
    if (!f) continue
    const who = s.roles.length ? s.roles.join(' and ').toLowerCase() : 'a person'
    f.countries.push(...link(s.nationality, `the nationality of a ${who}`))
    if (s.pep_status && s.pep_status !== 'NOT_PEP') {
      f.pep.declared++
      f.countries.push(...link(s.pep_country, `the PEP position of a ${who}`))
    }
    f.screening.open += s.open
    f.screening.trueSanctions += s.sanctions
    if (s.pep_match) f.pep.confirmed++
  }
  return facts
}
