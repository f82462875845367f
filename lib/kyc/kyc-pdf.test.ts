import { inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import type { Business } from '@/lib/contracts/businesses'
import { EMPTY_GRAPH, generatedGroup, GROUP_GRAPH } from '@/tests/components/ownership-fixtures'
import { buildKycPdf, type KycPdfInput } from './kyc-pdf'

/** The words drawn on each page: the hex strings shown with Tj in each (deflated) content stream, in order. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const streams = contents && 'asArray' in contents ? contents.asArray() : contents ? [contents] : []
    return streams
      .map((ref) => {
        const stream = doc.context.lookup(ref) as unknown as { getContents(): Uint8Array }
        const raw = Buffer.from(stream.getContents())
        let text: string
        try {
          text = inflateSync(raw).toString('latin1')
        } catch {
          text = raw.toString('latin1')
        }
        return [...text.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('\n')
      })
      .join('\n')
  })
}

const input = (ownership?: KycPdfInput['ownership']): KycPdfInput => ({
  info: {
    business: {
      name: 'Adebayo Foods Limited',
      regNo: 'RC1000001',
      approvalStatus: 'PENDING',
      kycDetailsCompleted: true,
      email: 'info@adebayofoods.ng',
      phone: '+2348031234567',
    } as Business,
    typeName: 'Private Limited Company',
    categoryName: 'Manufacturing',
    owners: [],
    kyc: { details: null, addresses: [], meansOfIds: [], shareholders: [], gaps: [] },
    generatedAt: '2026-11-30T10:00:00.000Z',
  },
  documents: [],
  additionalDocuments: [],
  ownership,
})

describe('the KYC PDF’s ownership and control page', () => {
  it('draws the structure and lists the persons with significant control with their reasons and the holdings', async () => {
    const pages = await pageTexts(await buildKycPdf(input(GROUP_GRAPH)))
    const ownership = pages.slice(pages.findIndex((p) => p.startsWith('Ownership and control'))).join('\n')
    expect(ownership).toContain('Ownership and control')
    // The drawing: every entity's box with its name, PSCs marked, the edge labels.
    for (const n of GROUP_GRAPH.nodes) expect(ownership).toContain(n.name)
    expect(ownership).toContain('Person - PSC')
    expect(ownership).toContain('2% shares · 30% votes'.replace('·', '\xb7'))
    // The persons with significant control, with the reasons in words and the server's explanation.
    const pscs = ownership.slice(ownership.indexOf('Persons with significant control'))
    for (const p of GROUP_GRAPH.personsWithSignificantControl) expect(pscs).toContain(p.name)
    expect(pscs).toContain('5% or more of the votes. Effectively 2% of the shares and 30% of the votes.')
    expect(pscs).toContain('Tunde Bakare holds shares in Adebayo Foods Limited: 2% of the shares, 30% of the votes')
  })

  it('is left out without the structure, says when there are no shareholders, and keeps the tables of a structure too big to draw', async () => {
    const without = await pageTexts(await buildKycPdf(input()))
    expect(without.join('\n')).not.toContain('Ownership and control')
    const empty = await pageTexts(await buildKycPdf(input(EMPTY_GRAPH)))
    expect(empty.at(-1)).toContain('No shareholders declared.')
    const big = generatedGroup(6, 200)
    const pages = (await pageTexts(await buildKycPdf(input(big)))).join('\n')
    expect(pages).toContain('too many to draw legibly')
    expect(pages).toContain(big.personsWithSignificantControl[0]!.name)
  })
})
