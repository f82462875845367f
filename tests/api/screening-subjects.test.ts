import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { readGovernmentScreeningSubjects, readScreeningSubjects } from '@/server/modules/kyc/screening-subjects'
import { api } from './helpers'
import { corporateBody, createKyc, individualBody, meansOfIdBody, ownerWithBusiness } from './kyc-fixtures'

type Json = Record<string, unknown>

async function created(res: Response): Promise<{ id: string }> {
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { id: string }
}

describe('readScreeningSubjects', () => {
  it('lists the business, every person once with all their roles and records, and every corporate shareholder at any depth', async () => {
    const { owner, businessId, business } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const add = (path: string, json: Json) => api(path, { method: 'POST', token: owner.token, json }).then(created)

    // Ada: a direct shareholder, the director (her ID linked to her), and again behind a holding company (same BVN).
    const ada = await add(
      '/kyc/shareholders',
      individualBody(kyc.id, {
        firstName: 'Ada',
        lastName: 'Obi',
        bvn: '22211111111',
        percentage: 50,
        dateOfBirth: '1970-01-15',
        pep: { status: 'PEP', position: 'Former Commissioner for Health, Imo State', country: 'NG' },
      }),
    )
    const holding = await add(
      '/kyc/shareholders',
      corporateBody(kyc.id, { companyName: 'Savannah Holdings Limited', percentage: 50 }),
    )
    const adaAgain = await add(
      '/kyc/shareholders',
      individualBody(kyc.id, {
        parentShareholderId: holding.id,
        firstName: 'Adaeze',
        lastName: 'Obi',
        bvn: '22211111111',
        percentage: 40,
        dateOfBirth: '1970-01-15',
        pep: { status: 'NOT_PEP' },
      }),
    )
    const inner = await add(
      '/kyc/shareholders',
      corporateBody(kyc.id, {
        parentShareholderId: holding.id,
        companyName: 'Delta Family Trust Holdings',
        registrationNumber: 'RC800001',
        percentage: 60,
      }),
    )
    // Bola: two layers down, a foreign national captured by an older client (no date, no declaration).
    const bola = await add(
      '/kyc/shareholders',
      individualBody(kyc.id, {
        parentShareholderId: inner.id,
        firstName: 'Bola',
        lastName: 'Smith',
        nationality: 'British',
        bvn: undefined,
        percentage: 100,
        dateOfBirth: undefined,
        pep: undefined,
      }),
    )
    const director = await add(
      '/kyc/means-of-ids',
      meansOfIdBody(kyc.id, {
        shareholderId: ada.id,
        firstName: 'Ada',
        lastName: 'Obi',
        bvn: '22211111111',
        dateOfBirth: '1970-01-15',
      }),
    )
    // Chidi signs for the business and has two means of ID (the same NIN): one person.
    const signatory = await add(
      '/kyc/means-of-ids',
      meansOfIdBody(kyc.id, {
        firstName: 'Chidi',
        lastName: 'Eze',
        role: 'SIGNATORY',
        bvn: undefined,
        idType: 'NATIONAL_ID_CARD',
        idNumber: '71829364501',
        issueDate: undefined,
        expiryDate: undefined,
        dateOfBirth: '1988-07-04',
      }),
    )
    const signatoryAgain = await add(
      '/kyc/means-of-ids',
      meansOfIdBody(kyc.id, {
        firstName: 'Chidi',
        lastName: 'Eze',
        role: 'OTHER',
        bvn: undefined,
        idType: 'NATIONAL_ID_CARD',
        idNumber: '71829364501',
        issueDate: undefined,
        expiryDate: undefined,
        dateOfBirth: '1988-07-04',
      }),
    )
    // Another Ada Obi with no BVN and no ID link: a different person (names alone never merge).
    const namesake = await add(
      '/kyc/means-of-ids',
      meansOfIdBody(kyc.id, { firstName: 'Ada', lastName: 'Obi', role: 'OTHER', bvn: undefined, idNumber: 'B11112222' }),
    )

    const subjects = await readScreeningSubjects({ db: await getDb(), businessId })
    expect(subjects.business).toEqual({ id: businessId, name: business.name, country: 'NG' })
    expect(subjects.persons).toHaveLength(4)
    const [first, second, third, fourth] = subjects.persons
    expect(first).toEqual({
      refs: [
        { table: 'means_of_ids', id: director.id },
        { table: 'shareholders', id: ada.id },
        { table: 'shareholders', id: adaAgain.id },
      ],
      roles: ['DIRECTOR', 'SHAREHOLDER', 'BENEFICIAL_OWNER'],
      name: 'Ada Obi',
      otherNames: ['Adaeze Obi'],
      dateOfBirth: '1970-01-15',
      nationality: 'NG',
      pep: { status: 'PEP', position: 'Former Commissioner for Health, Imo State', country: 'NG' },
    })
    expect(second).toMatchObject({
      refs: [
        { table: 'means_of_ids', id: signatory.id },
        { table: 'means_of_ids', id: signatoryAgain.id },
      ],
      roles: ['SIGNATORY', 'OTHER'],
      name: 'Chidi Eze',
      dateOfBirth: '1988-07-04',
      nationality: null,
      pep: { status: 'NOT_PEP', position: null, country: null },
    })
    expect(third).toMatchObject({ refs: [{ table: 'means_of_ids', id: namesake.id }], name: 'Ada Obi', roles: ['OTHER'] })
    // 50% × 60% × 100% = 30%: a beneficial owner, with nothing declared yet.
    expect(fourth).toEqual({
      refs: [{ table: 'shareholders', id: bola.id }],
      roles: ['SHAREHOLDER', 'BENEFICIAL_OWNER'],
      name: 'Bola Smith',
      otherNames: [],
      dateOfBirth: null,
      nationality: 'GB',
      pep: null,
    })
    expect(subjects.companies).toEqual([
      {
        refs: [{ table: 'shareholders', id: holding.id }],
        name: 'Savannah Holdings Limited',
        registrationNumber: 'RC765432',
        country: 'NG',
      },
      {
        refs: [{ table: 'shareholders', id: inner.id }],
        name: 'Delta Family Trust Holdings',
        registrationNumber: 'RC800001',
        country: 'NG',
      },
    ])
  })

  it('answers a business without a KYC record with no one, and 404 for an unknown business', async () => {
    const { businessId } = await ownerWithBusiness()
    const db = await getDb()
    expect(await readScreeningSubjects({ db, businessId })).toMatchObject({
      persons: [],
      companies: [],
      business: { country: 'NG' },
    })
    await expect(readScreeningSubjects({ db, businessId: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('readGovernmentScreeningSubjects', () => {
  it('lists an entity’s representatives with the role GOVERNMENT_REPRESENTATIVE', async () => {
    const db = await getDb()
    const { governmentEntities, governmentParastatals, governmentRepresentatives } = await import('@/server/db/schema')
    const [parastatal] = await db.select().from(governmentParastatals).limit(1)
    const [entity] = await db
      .insert(governmentEntities)
      .values({
        name: `Imo State Ministry of Health ${randomUUID().slice(0, 6)}`,
        parastatalId: parastatal!.id,
        tier: 'STATE',
        contactName: 'Ngozi Eze',
        contactEmail: 'ngozi@imo.example.gov.ng',
        contactPhone: '+2348031234567',
        addressLine1: 'Owerri',
        country: 'Nigeria',
        state: 'Imo',
        lga: 'Owerri Municipal',
      })
      .returning()
    const [rep] = await db
      .insert(governmentRepresentatives)
      .values({
        entityId: entity!.id,
        firstName: 'Ngozi',
        lastName: 'Eze',
        position: 'Permanent Secretary',
        email: 'ngozi@imo.example.gov.ng',
        phone: '+2348031234567',
        idType: 'NATIONAL_ID_CARD',
        idNumber: '71829364509',
        dateOfBirth: '1966-03-09',
        pepStatus: 'PEP',
        pepPosition: 'Permanent Secretary, Imo State Ministry of Health',
        pepCountry: 'NG',
      })
      .returning()
    expect(await readGovernmentScreeningSubjects({ db, entityId: entity!.id })).toEqual({
      business: { id: entity!.id, name: entity!.name, country: 'NG' },
      persons: [
        {
          refs: [{ table: 'government_representatives', id: rep!.id }],
          roles: ['GOVERNMENT_REPRESENTATIVE'],
          name: 'Ngozi Eze',
          otherNames: [],
          dateOfBirth: '1966-03-09',
          nationality: null,
          pep: { status: 'PEP', position: 'Permanent Secretary, Imo State Ministry of Health', country: 'NG' },
        },
      ],
      companies: [],
    })
  })
})
