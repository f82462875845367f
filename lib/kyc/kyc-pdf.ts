import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import type { Business } from '@/lib/contracts/businesses'
import type { KycAddress, KycDetails, MeansOfIdRecord, ShareholderRecord } from '@/lib/contracts/kyc'
import { idHolderRoles, KYC_ADDRESS_TYPE_LABELS } from '@/lib/contracts/kyc-values'
import type { OwnershipGraph } from '@/lib/contracts/ownership'
import { formatDay, formatDayTime } from '@/lib/format/day'
import { statusWords } from '@/lib/format/status-words'
import { formatPercentage } from '@/lib/kyc/effective-ownership'
import { layoutOwnership } from '@/lib/kyc/ownership-layout'
import {
  edgeLabel,
  NODE_KIND_LABELS,
  ownershipTableRows,
  pepLabel,
  reasonsInWords,
  screeningLabel,
} from '@/lib/kyc/ownership-words'

/**
 * The KYC summary as a real PDF, built with pdf-lib: in the browser (loaded with `import()` only when the user asks for
 * the PDF, so pdf-lib never weighs on the page) and on the server for a business's case file. ID numbers and BVNs
 * arrive masked from the API.
 */

/** What the completion call and the PDF need besides the KYC records (`GET /businesses/pdf-info/{id}`). */
export interface PdfInfo {
  business: Business
  typeName: string | null
  categoryName: string | null
  owners: { firstName: string; lastName: string; email: string; phone: string | null }[]
  kyc: {
    details: KycDetails | null
    addresses: KycAddress[]
    meansOfIds: MeansOfIdRecord[]
    shareholders: ShareholderRecord[]
    gaps: { code: string; message: string; field?: string }[]
  }
  generatedAt: string
}

export interface PdfDocumentLine {
  name: string
  state: string
  detail?: string | null
}

export interface KycPdfInput {
  info: PdfInfo
  /** The documents of the business's class and their state (the documents module's checklist), when known. */
  documents: PdfDocumentLine[] | null
  additionalDocuments: { label: string | null; fileName: string }[]
  /**
   * The ownership structure and its persons with significant control (`GET /businesses/{id}/ownership`, the same
   * computation on the server): drawn on a page "Ownership and control". Without it the PDF has no such page.
   */
  ownership?: OwnershipGraph | null
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 }
const INK = rgb(0.1, 0.12, 0.16)
const MUTED = rgb(0.36, 0.4, 0.45)
const RULE = rgb(0.8, 0.83, 0.87)

/** The standard fonts speak WinAnsi: swap what they cannot draw for the nearest plain character. */
export function pdfSafe(text: string): string {
  return text
    .replace(/₦/g, 'NGN ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/✓/g, 'v')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?')
}

const nairaFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const naira = (value: number | null) => (value === null ? '-' : `NGN ${nairaFormat.format(value)}`)
const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : String(value)

class Writer {
  private page: PDFPage
  private y: number
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  private ensure(height: number) {
    if (this.y - height >= PAGE.margin) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  /** Words wrapped to the width, from `indent`. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = []
    for (const paragraph of pdfSafe(text).split('\n')) {
      let line = ''
      for (const word of paragraph.split(/\s+/)) {
        const candidate = line ? `${line} ${word}` : word
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate
        else {
          lines.push(line)
          line = word
        }
      }
      lines.push(line)
    }
    return lines
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {},
  ) {
    const size = options.size ?? 10
    const font = options.bold ? this.bold : this.font
    const indent = options.indent ?? 0
    for (const line of this.wrap(text, font, size, PAGE.width - 2 * PAGE.margin - indent)) {
      this.ensure(size * 1.4)
      this.y -= size * 1.4
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color: options.color ?? INK })
    }
    this.y -= options.gap ?? 0
  }

  /** `label: value` rows with the values aligned. */
  facts(rows: Array<[string, string]>) {
    const labelWidth = 150
    for (const [label, value] of rows) {
      const lines = this.wrap(value, this.font, 10, PAGE.width - 2 * PAGE.margin - labelWidth)
      this.ensure(14 * lines.length)
      this.y -= 14
      this.page.drawText(pdfSafe(label), { x: PAGE.margin, y: this.y, size: 10, font: this.font, color: MUTED })
      lines.forEach((line, i) => {
        if (i > 0) this.y -= 14
        this.page.drawText(line, { x: PAGE.margin + labelWidth, y: this.y, size: 10, font: this.font, color: INK })
      })
    }
    this.y -= 6
  }

  /** The rest of the document on a new page. */
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  /** `height` points of free drawing below the text so far (on a new page when they do not fit). */
  block(height: number, draw: (page: PDFPage, top: number) => void) {
    this.ensure(height)
    draw(this.page, this.y)
    this.y -= height
  }

  heading(text: string) {
    this.ensure(40)
    this.y -= 14
    this.text(text, { size: 13, bold: true })
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y - 4 },
      end: { x: PAGE.width - PAGE.margin, y: this.y - 4 },
      thickness: 0.5,
      color: RULE,
    })
    this.y -= 8
  }
}

export async function buildKycPdf(input: KycPdfInput): Promise<Uint8Array> {
  const { info } = input
  const { business, kyc } = info
  const doc = await PDFDocument.create()
  doc.setTitle(pdfSafe(`KYC summary - ${business.name}`))
  doc.setSubject(pdfSafe(`Know-your-customer details of ${business.name} (${business.regNo})`))
  doc.setAuthor('KYC Portal')
  doc.setCreationDate(new Date(info.generatedAt))
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const w = new Writer(doc, font, bold)

  w.text('KYC summary', { size: 11, color: MUTED })
  w.text(business.name, { size: 20, bold: true, gap: 4 })
  w.facts([
    ['Registration number', business.regNo],
    ['Approval status', business.approvalStatus],
    ['KYC submitted', business.kycDetailsCompleted ? 'Yes' : 'No'],
    ['Type / category', `${orDash(info.typeName)} / ${orDash(info.categoryName)}`],
    ['E-mail / phone', `${business.email} / ${business.phone}`],
    ['Generated', formatDayTime(info.generatedAt)],
  ])

  w.heading('Company details')
  if (!kyc.details) w.text('Not captured yet.', { color: MUTED })
  else {
    const d = kyc.details
    w.facts([
      ['TIN', orDash(d.tin)],
      ['Date of incorporation', formatDay(d.incorporationDate)],
      ['Country of incorporation', orDash(d.countryOfIncorporation)],
      ['Nature of business', orDash(d.natureOfBusiness)],
      ['Description', orDash(d.description)],
      ['Number of employees', orDash(d.numberOfEmployees)],
      ['Annual turnover', naira(d.annualTurnover)],
    ])
  }

  w.heading('Addresses')
  if (kyc.addresses.length === 0) w.text('None.', { color: MUTED })
  for (const a of kyc.addresses) {
    w.text(`${KYC_ADDRESS_TYPE_LABELS[a.type]}${a.contactName ? ` - ${a.contactName}` : ''}`, { bold: true })
    w.text([a.line1, a.line2, a.city, a.lga, a.state, a.country].filter(Boolean).join(', '), { indent: 12 })
    w.text(
      `Proof of address: ${a.addressDoc ? a.addressDoc.fileName : 'none'} · Verification: ${statusWords(a.verificationStatus)}`,
      {
        indent: 12,
        size: 9,
        color: MUTED,
        gap: 4,
      },
    )
  }

  w.heading('Means of identification')
  if (kyc.meansOfIds.length === 0) w.text('None.', { color: MUTED })
  for (const id of kyc.meansOfIds) {
    w.text(`${id.firstName} ${id.lastName} (${idHolderRoles(id)})`, { bold: true })
    w.text(
      `${id.idTypeName} ${id.idNumber}${id.expiryDate ? `, expires ${formatDay(id.expiryDate)}` : ''}${id.isCurrent ? '' : ' - EXPIRED'}${id.bvn ? ` · BVN ${id.bvn}` : ''}`,
      { indent: 12, gap: 4 },
    )
  }

  w.heading('Shareholders')
  if (kyc.shareholders.length === 0) w.text('None.', { color: MUTED })
  for (const h of kyc.shareholders) {
    const name =
      h.type === 'CORPORATE'
        ? `${h.companyName ?? ''} (${h.registrationNumber ?? ''})`
        : `${h.firstName ?? ''} ${h.lastName ?? ''}`.trim()
    const owner =
      h.type === 'INDIVIDUAL'
        ? ` · effective ${formatPercentage(h.effectiveOwnership ?? 0)}${h.isBeneficialOwner ? ' · beneficial owner' : ''}`
        : ''
    w.text(
      `${name} - ${formatPercentage(h.percentage)}${h.depth > 0 ? ` (${formatPercentage(h.effectiveStake)} of the business)` : ''}${owner}`,
      { indent: Math.min(h.depth, 6) * 14 },
    )
  }

  w.heading('Documents')
  if (!input.documents) w.text('The document list could not be loaded.', { color: MUTED })
  else if (input.documents.length === 0) w.text('None.', { color: MUTED })
  else
    for (const d of input.documents)
      w.text(`${d.name}: ${d.state.replace(/_/g, ' ').toLowerCase()}${d.detail ? ` (${d.detail})` : ''}`)
  for (const d of input.additionalDocuments) w.text(`Additional: ${d.label ?? d.fileName}`)

  if (kyc.gaps.length) {
    w.heading('Still missing')
    for (const gap of kyc.gaps) w.text(`- ${gap.message}`)
  }
  if (input.ownership) ownershipPage(w, input.ownership, { font, bold })
  return doc.save()
}

const BOX = { width: 130, height: 44 }
const PSC_FILL = rgb(1, 0.96, 0.86)
const PSC_BORDER = rgb(0.85, 0.6, 0.1)
/** Below this scale the drawing's words would be too small to read: the page says so and keeps the tables. */
const MIN_DRAWING_SCALE = 0.35

/** A line of `text` cut with an ellipsis to `width` points. */
function fitText(text: string, font: PDFFont, size: number, width: number): string {
  const safe = pdfSafe(text)
  if (font.widthOfTextAtSize(safe, size) <= width) return safe
  let cut = safe
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1)
  return `${cut}...`
}

/**
 * "Ownership and control" (docs/ownership.md#screens): the structure laid out as on the screen (`layoutOwnership`) (boxes for
 * companies, a double box for a trust, a dashed box for a nominee, a rounded box for a person; a person with
 * significant control filled and marked "PSC"), lines labelled with shares and votes, then the persons with
 * significant control and the table of holdings.
 */
function ownershipPage(w: Writer, graph: OwnershipGraph, fonts: { font: PDFFont; bold: PDFFont }) {
  const { font, bold } = fonts
  w.newPage()
  w.text('Ownership and control', { size: 16, bold: true, gap: 4 })
  if (graph.edges.length === 0) {
    w.text('No shareholders declared.', { color: MUTED })
    return
  }
  const laid = layoutOwnership(graph, { nodeWidth: BOX.width, nodeHeight: BOX.height, rankSep: 50, nodeSep: 16 })
  const maxWidth = PAGE.width - 2 * PAGE.margin
  const maxHeight = 430
  const scale = Math.min(1, maxWidth / laid.width, maxHeight / laid.height)
  if (scale < MIN_DRAWING_SCALE) {
    w.text(
      `The structure has ${graph.nodes.length} entities, too many to draw legibly on a page: the tables below say who holds what.`,
      { color: MUTED, gap: 6 },
    )
  } else {
    const left = PAGE.margin + (maxWidth - laid.width * scale) / 2
    w.block(laid.height * scale + 10, (page, top) => {
      const at = (p: { x: number; y: number }) => ({ x: left + p.x * scale, y: top - p.y * scale })
      for (const e of graph.edges) {
        const points = laid.edgePoints.get(e.id) ?? []
        for (let i = 1; i < points.length; i++)
          page.drawLine({
            start: at(points[i - 1]!),
            end: at(points[i]!),
            thickness: 0.7,
            color: MUTED,
            dashArray: e.kind === 'HOLDING' ? undefined : [3, 2],
          })
        const label = edgeLabel(e)
        const middle = points[Math.floor(points.length / 2)]
        if (label && middle) {
          const size = 6.5 * scale
          const text = fitText(label, font, size, 160 * scale)
          const width = font.widthOfTextAtSize(text, size)
          const p = at(middle)
          page.drawRectangle({
            x: p.x - width / 2 - 1,
            y: p.y - size / 2 - 1,
            width: width + 2,
            height: size + 2,
            color: rgb(1, 1, 1),
          })
          page.drawText(text, { x: p.x - width / 2, y: p.y - size / 2 + 1, size, font, color: INK })
        }
      }
      for (const n of graph.nodes) {
        const position = laid.positions.get(n.id)
        if (!position) continue
        const { x, y } = at(position)
        const width = BOX.width * scale
        const height = BOX.height * scale
        const psc = n.significantControl.length > 0
        const base = {
          color: psc ? PSC_FILL : rgb(1, 1, 1),
          borderColor: psc ? PSC_BORDER : n.kind === 'BUSINESS' ? INK : MUTED,
          borderWidth: psc || n.kind === 'BUSINESS' ? 1.6 : 0.8,
        }
        if (n.kind === 'PERSON')
          page.drawEllipse({ x: x + width / 2, y: y - height / 2, xScale: width / 2, yScale: height / 2, ...base })
        else {
          page.drawRectangle({
            x,
            y: y - height,
            width,
            height,
            ...base,
            borderDashArray: n.kind === 'NOMINEE' ? [3, 2] : undefined,
          })
          if (n.kind === 'TRUST')
            page.drawRectangle({
              x: x + 2,
              y: y - height + 2,
              width: width - 4,
              height: height - 4,
              borderColor: MUTED,
              borderWidth: 0.6,
            })
        }
        const inset = (n.kind === 'PERSON' ? 16 : 5) * scale
        const inner = width - 2 * inset
        const kind = `${NODE_KIND_LABELS[n.kind]}${psc ? ' - PSC' : ''}`
        page.drawText(fitText(kind, font, 6 * scale, inner), {
          x: x + inset,
          y: y - 12 * scale,
          size: 6 * scale,
          font,
          color: MUTED,
        })
        page.drawText(fitText(n.name, bold, 8 * scale, inner), {
          x: x + inset,
          y: y - 23 * scale,
          size: 8 * scale,
          font: bold,
          color: INK,
        })
        const status = n.kind === 'PERSON' ? [screeningLabel(n), pepLabel(n)].filter(Boolean).join(', ') : (n.country ?? '')
        if (status)
          page.drawText(fitText(status, font, 6 * scale, inner), {
            x: x + inset,
            y: y - 34 * scale,
            size: 6 * scale,
            font,
            color: MUTED,
          })
      }
    })
    w.text(
      'Boxes: companies; double box: a trust; dashed: a nominee; rounded: a person; filled, "PSC": a person with significant control. Dashed lines: a trust\'s roles and a nominee\'s principal.',
      {
        size: 8,
        color: MUTED,
        gap: 4,
      },
    )
  }

  w.heading('Persons with significant control')
  if (graph.personsWithSignificantControl.length === 0)
    w.text('No one has significant control under the rules.', { color: MUTED })
  for (const p of graph.personsWithSignificantControl) {
    w.text(p.name, { bold: true })
    w.text(
      `${reasonsInWords(p.reasons)}. Effectively ${formatPercentage(p.effectiveShares)} of the shares and ${formatPercentage(p.effectiveVotes)} of the votes.`,
      { indent: 12 },
    )
    w.text(p.explanation, { indent: 12, size: 9, color: MUTED, gap: 4 })
  }

  w.heading('Who holds what in whom')
  for (const row of ownershipTableRows(graph)) {
    const numbers = row.shares === '-' && row.votes === '-' ? '' : `: ${row.shares} of the shares, ${row.votes} of the votes`
    w.text(`${row.holder.name} ${row.relation} ${row.held.name}${numbers}${row.rights ? `; ${row.rights}` : ''}`)
    if (row.control) w.text(`Significant control: ${row.control}`, { indent: 12, size: 9, color: MUTED })
  }
}
