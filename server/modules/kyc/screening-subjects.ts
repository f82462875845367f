import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businesses, kycDetails, meansOfIds, shareholders } from '@/server/db/schema'

export interface ScreeningPerson {
  refs: { table: 'means_of_ids' | 'shareholders'; id: string }[]
  roles: string[]
  name: string
  dateOfBirth: string | null
  nationality: string | null
  pep: { status: string; position: string | null; country: string | null } | null
}

export interface ScreeningCompany {
  ref: { table: 'shareholders'; id: string }
  name: string
  country: string | null
}

export interface ScreeningSubjects {
  business: { id: string; name: string; country: string | null }
  persons: ScreeningPerson[]
  companies: ScreeningCompany[]
}

/**
 * Every natural person and corporate shareholder of a business's KYC, at every depth, for screening: a person in two
 * roles (a director who is also a shareholder, found by the blind index of a BVN) appears once with both.
 */
export async function readScreeningSubjects(options: { db: Executor; businessId: string }): Promise<ScreeningSubjects | null> {
  const { db, businessId } = options
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name, country: businesses.country, kycDetailsId: kycDetails.id })
    .from(businesses)
    .leftJoin(kycDetails, eq(kycDetails.businessId, businesses.id))
    .where(eq(businesses.id, businessId))
  if (!business) return null
  const subjects: ScreeningSubjects = {
    business: { id: business.id, name: business.name, country: business.country },
    persons: [],
    companies: [],
  }
  if (!business.kycDetailsId) return subjects
  const [ids, holders] = await Promise.all([
    db.select().from(meansOfIds).where(eq(meansOfIds.kycDetailsId, business.kycDetailsId)).orderBy(asc(meansOfIds.createdAt)),
    db
      .select()
      .from(shareholders)
      .where(and(eq(shareholders.kycDetailsId, business.kycDetailsId)))
      .orderBy(asc(shareholders.createdAt)),
  ])
  const byBvn = new Map<string, ScreeningPerson>()
  for (const m of ids) {
    const person: ScreeningPerson = {
      refs: [{ table: 'means_of_ids', id: m.id }],
      roles: [m.role],
      name: `${m.firstName} ${m.lastName}`.trim(),
      dateOfBirth: null,
      nationality: null,
      pep: null,
    }
    const same = m.bvnIndex ? byBvn.get(m.bvnIndex) : undefined
    if (same) {
      same.refs.push(...person.refs)
      same.roles.push(...person.roles.filter((r) => !same.roles.includes(r)))
      continue
    }
    if (m.bvnIndex) byBvn.set(m.bvnIndex, person)
    subjects.persons.push(person)
  }
  for (const h of holders) {
    if (h.type === 'CORPORATE') {
      subjects.companies.push({ ref: { table: 'shareholders', id: h.id }, name: h.companyName ?? '', country: null })
      continue
    }
    const same = h.bvnIndex ? byBvn.get(h.bvnIndex) : undefined
    if (same) {
      same.refs.push({ table: 'shareholders', id: h.id })
      if (!same.roles.includes('SHAREHOLDER')) same.roles.push('SHAREHOLDER')
      same.nationality ??= h.nationality
      continue
    }
    const person: ScreeningPerson = {
      refs: [{ table: 'shareholders', id: h.id }],
      roles: ['SHAREHOLDER'],
      name: [h.firstName, h.lastName].filter(Boolean).join(' '),
      dateOfBirth: null,
      nationality: h.nationality,
      pep: null,
    }
    if (h.bvnIndex) byBvn.set(h.bvnIndex, person)
    subjects.persons.push(person)
  }
  return subjects
}
