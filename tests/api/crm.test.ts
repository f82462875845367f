import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { getDb } from '@/server/db/client'
import { audits, crmAccounts, crmOpportunities } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'

const HEADER = 'externalRef,name,regNo,typeHint,categoryHint,addressLine1,city,state,country,contactEmail,contactPhone'

function csvForm(csv: string) {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'accounts.csv')
  return form
}

const importCsv = (token: string, csv: string) => api('/crm/accounts/import', { method: 'POST', token, body: csvForm(csv) })
const search = (token: string, query: string) => api(`/crm/search-accounts?${query}`, { token })

describe('CRM directory (built-in database adapter)', () => {
  it('imports accounts from CSV, upserting by externalRef, and audits the import', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const first = await importCsv(
      officer.token,
      [
        HEADER,
        'ACC-IMP-1,Zenvia Agro Ltd,RC1234501,Limited Liability Company,Agriculture,1 Farm Road,Ibadan,Oyo,Nigeria,info@zenvia.ng,08031234567',
        'ACC-IMP-2,"Zenvia Foods, Plc",,,,,,,,,',
      ].join('\n'),
    )
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ created: 2, updated: 0 })

    const again = await importCsv(
      officer.token,
      `name,externalRef\nZenvia Foods Nigeria Plc,ACC-IMP-2\nZenvia Logistics,ACC-IMP-3\n`,
    )
    expect(await again.json()).toEqual({ created: 1, updated: 1 })

    const found = await search(officer.token, 'accountName=zenvia')
    expect(found.status).toBe(200)
    expect(await found.json()).toEqual([
      {
        id: 'ACC-IMP-1',
        name: 'Zenvia Agro Ltd',
        regNo: 'RC1234501',
        typeHint: 'Limited Liability Company',
        categoryHint: 'Agriculture',
        address: { line1: '1 Farm Road', city: 'Ibadan', state: 'Oyo', country: 'Nigeria' },
        email: 'info@zenvia.ng',
        phone: '+2348031234567',
      },
      expect.objectContaining({ id: 'ACC-IMP-2', name: 'Zenvia Foods Nigeria Plc', regNo: null }),
      expect.objectContaining({ id: 'ACC-IMP-3', name: 'Zenvia Logistics' }),
    ])

    const db = await getDb()
    const rows = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'crm_account'), eq(audits.action, 'IMPORT'), eq(audits.actorId, officer.user.id)))
    expect(rows.map((r) => r.after)).toEqual([
      expect.objectContaining({ created: 2, updated: 0 }),
      expect.objectContaining({ created: 1, updated: 1 }),
    ])
  })

  it('refuses a file with bad rows, naming each line and column, and imports nothing', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const res = await importCsv(
      officer.token,
      [
        'externalRef,name,contactEmail,regNo',
        'ACC-BAD-1,Good Row Ltd,ok@example.ng,RC7654321',
        'ACC-BAD-2,X,not-an-email,RC7654322',
        'ACC BAD 3,Fine Name Ltd,,123',
        'ACC-BAD-1,Duplicate Ltd,,',
      ].join('\n'),
    )
    expect(res.status).toBe(400)
    const errors = await errorsOf(res)
    expect(errors.map((e) => e.field)).toEqual([
      'line 3.name',
      'line 3.contactEmail',
      'line 4.externalRef',
      'line 4.regNo',
      'line 5.externalRef',
    ])
    expect(errors[0]!.message).toBe('Line 3, name: must be at least 2 characters')
    expect(errors[4]!.message).toBe('Line 5, externalRef: ACC-BAD-1 already appears on line 2')
    const db = await getDb()
    expect(await db.select().from(crmAccounts).where(eq(crmAccounts.externalRef, 'ACC-BAD-1'))).toEqual([])

    const header = await importCsv(officer.token, 'ref,name\nA,Bee Ltd\n')
    expect(header.status).toBe(400)
    expect((await errorsOf(header))[0]).toMatchObject({ field: 'file', message: expect.stringContaining('missing externalRef') })
    const empty = await importCsv(officer.token, `${HEADER}\n`)
    expect((await errorsOf(empty))[0]).toMatchObject({ field: 'file', message: 'The file has no accounts under its header row' })
    const noFile = await api('/crm/accounts/import', { method: 'POST', token: officer.token, body: new FormData() })
    expect(noFile.status).toBe(400)
  })

  it('searches by name ignoring case, with % and _ taken literally, at most sizeLimit (15) results', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const lines = Array.from({ length: 20 }, (_, i) => `ACC-LIM-${i},Quorvex Trading ${String(i).padStart(2, '0')}`)
    lines.push('ACC-PCT,Quorvex 100% Holdings', 'ACC-UND,Quorvex_Under Ltd')
    expect((await importCsv(officer.token, `externalRef,name\n${lines.join('\n')}`)).status).toBe(200)

    const all = (await (await search(officer.token, 'accountName=QUORVEX')).json()) as { name: string }[]
    expect(all).toHaveLength(15)
    expect(all[0]!.name).toBe('Quorvex 100% Holdings')
    const five = (await (await search(officer.token, 'accountName=quorvex%20trading&sizeLimit=5')).json()) as { name: string }[]
    expect(five.map((a) => a.name)).toEqual([0, 1, 2, 3, 4].map((i) => `Quorvex Trading 0${i}`))
    const percent = (await (await search(officer.token, `accountName=${encodeURIComponent('0%')}`)).json()) as { id: string }[]
    expect(percent.map((a) => a.id)).toEqual(['ACC-PCT'])
    const underscore = (await (await search(officer.token, 'accountName=x_u')).json()) as { id: string }[]
    expect(underscore.map((a) => a.id)).toEqual(['ACC-UND'])

    const tooMany = await search(officer.token, 'accountName=quorvex&sizeLimit=16')
    expect(tooMany.status).toBe(400)
    expect((await errorsOf(tooMany))[0]).toMatchObject({ field: 'sizeLimit', message: 'sizeLimit must be between 1 and 15' })
    const short = await search(officer.token, 'accountName=q')
    expect((await errorsOf(short))[0]).toMatchObject({ field: 'accountName' })
  })

  it('answers an opportunity by its CRM id, 404 for an unknown one', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    await importCsv(officer.token, 'externalRef,name\nACC-OPP-1,Opportune Ltd\n')
    const db = await getDb()
    const [account] = await db.select().from(crmAccounts).where(eq(crmAccounts.externalRef, 'ACC-OPP-1'))
    await db.insert(crmOpportunities).values({
      externalRef: 'OPP-1',
      accountId: account!.id,
      name: 'POS terminals',
      stage: 'Negotiation',
      amountKobo: 150_000_00,
      productCode: 'POS',
      closeDate: '2026-12-31',
    })
    const res = await api('/crm/opportunities/OPP-1', { token: officer.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      id: 'OPP-1',
      accountId: 'ACC-OPP-1',
      name: 'POS terminals',
      stage: 'Negotiation',
      amountKobo: 15_000_000,
      productCode: 'POS',
      closeDate: '2026-12-31',
    })
    const missing = await api('/crm/opportunities/OPP-NONE', { token: officer.token })
    expect(missing.status).toBe(404)
    expect((await errorsOf(missing))[0]!.message).toBe('The CRM has no opportunity OPP-NONE')
  })

  it('refuses business users, staff without CAN_CREATE_BUSINESS, and import without CAN_UPDATE_BUSINESS', async () => {
    const owner = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    expect((await search(owner.token, 'accountName=zenvia')).status).toBe(403)
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await search(auditor.token, 'accountName=zenvia')).status).toBe(403)
    const creatorOnly = await signedInUser({ staffPermissions: [P.CAN_CREATE_BUSINESS] })
    expect((await search(creatorOnly.token, 'accountName=zenvia')).status).toBe(200)
    const refused = await importCsv(creatorOnly.token, 'externalRef,name\nACC-NOPE,Nope Ltd\n')
    expect(refused.status).toBe(403)
    expect((await search('', 'accountName=zenvia')).status).toBe(401)
  })
})
