import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businesses, draftForms, kycDetails, kycDocuments, meansOfIds, shareholders } from '@/server/db/schema'
import { findKycCaptureGaps } from '@/server/modules/kyc/kyc-capture-gaps'
import { listShareholdersOf } from '@/server/modules/kyc/shareholders'
import { findDocumentGaps } from '@/server/modules/kyc-documents/document-gaps'
import { seed } from '@/server/seed'
import { demoBusinessRegNos } from '@/server/seed/demo-businesses'
import { PEP_DIRECTOR_BUSINESS } from '@/server/seed/demo-kyc'
import { startFromDemo } from './demo-template'

// The seeded demo without the shipped screening lists, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: false })

describe('demo KYC seed', () => {
  it('puts the demo businesses in every capture stage, complete ones without gaps, and runs only once', async () => {
    const db = await getDb()
    const regNos = demoBusinessRegNos()
    const rows = await db.select().from(businesses).where(inArray(businesses.regNo, regNos))
    const byIndex = new Map(rows.map((b) => [regNos.indexOf(b.regNo), b]))

    let nested = 0
    let tiedCorporates = 0
    for (const [index, business] of byIndex) {
      const gaps = await findKycCaptureGaps(db, { businessId: business.id })
      const [details] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, business.id))
      if (business.kycDetailsCompleted) {
        expect(gaps, `${index} ${business.name}`).toEqual([])
        const holders = await listShareholdersOf(db, details!.id)
        if (holders.some((h) => h.depth > 0)) nested++
        expect(holders.filter((h) => h.isBeneficialOwner).every((h) => !h.needsMeansOfId)).toBe(true)
        // Each corporate shareholder, nested ones too, has its certificate, tied to it.
        const documentGaps = await findDocumentGaps(db, { businessId: business.id, forApproval: false })
        expect(
          documentGaps.filter((g) => g.field.startsWith('shareholders.')),
          `${index} ${business.name}`,
        ).toEqual([])
        for (const corporate of holders.filter((h) => h.type === 'CORPORATE')) {
          expect(
            await db.$count(kycDocuments, eq(kycDocuments.shareholderId, corporate.id)),
            `${index} ${corporate.companyName}`,
          ).toBe(1)
          tiedCorporates++
        }
      } else if ([1, 11, 21].includes(index)) {
        expect(
          gaps.map((g) => g.code),
          `${index}`,
        ).toContain('MEANS_OF_ID_MISSING')
        expect(await db.$count(draftForms, eq(draftForms.businessId, business.id))).toBe(2)
      } else {
        expect(details, `${index}`).toBeUndefined()
      }
    }
    expect(nested).toBeGreaterThan(2)
    expect(tiedCorporates).toBeGreaterThan(4)

    // Every seeded person has a date of birth and a declaration (complete businesses have no gap, above); one pending
    // business's director declared they are a PEP, and no one else did.
    const people = [...(await db.select().from(meansOfIds)), ...(await db.select().from(shareholders))].filter(
      (p) => byIndex.has(regNos.indexOf(rows.find((b) => b.id === p.businessId)?.regNo ?? '')) && p.firstName,
    )
    expect(people.every((p) => p.dateOfBirth && p.pepStatus)).toBe(true)
    const peps = (await db.select().from(meansOfIds)).filter((m) => m.pepStatus === 'PEP')
    expect(peps).toEqual([
      expect.objectContaining({
        businessId: byIndex.get(PEP_DIRECTOR_BUSINESS)!.id,
        role: 'DIRECTOR',
        pepPosition: 'Former Commissioner for Health, Imo State',
        pepCountry: 'NG',
      }),
    ])
    expect(byIndex.get(PEP_DIRECTOR_BUSINESS)).toMatchObject({ approvalStatus: 'PENDING', kycDetailsCompleted: true })

    const counts = async () => ({
      holders: await db.$count(shareholders),
      ids: await db.$count(meansOfIds),
      drafts: await db.$count(draftForms),
      shareholderDocuments: await db.$count(kycDocuments, and(isNotNull(kycDocuments.shareholderId))),
    })
    const before = await counts()
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!', shippedLists: false })
    expect(await counts()).toEqual(before)
  })
})
