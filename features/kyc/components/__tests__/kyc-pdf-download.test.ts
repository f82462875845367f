import { describe, expect, it } from 'vitest'
import type { DocumentChecklist } from '@/lib/contracts/kyc-documents'
import { pdfDocumentLines, pdfFileName } from '../../model/kyc-pdf-download'

type Item = DocumentChecklist['items'][number]
const item = (name: string, state: Item['state'], fileName?: string) =>
  ({ documentType: { name }, state, document: fileName ? { file: { fileName } } : null }) as unknown as Item

describe('pdfDocumentLines', () => {
  it('lists the business’s documents, then each shareholder’s named after them, with the uploaded file when there is one', () => {
    const checklist = {
      items: [item('CAC certificate', 'UPLOADED', 'cac.pdf'), item('Board resolution', 'MISSING')],
      shareholders: [
        { shareholder: { name: 'Ada Obi' }, items: [item('Passport', 'UPLOADED', 'ada.pdf')] },
        { shareholder: { name: 'Acme Ltd' }, items: [] },
      ],
    } as unknown as DocumentChecklist
    expect(pdfDocumentLines(checklist)).toEqual([
      { name: 'CAC certificate', state: 'UPLOADED', detail: 'cac.pdf' },
      { name: 'Board resolution', state: 'MISSING', detail: null },
      { name: 'Passport for Ada Obi', state: 'UPLOADED', detail: 'ada.pdf' },
    ])
  })
})

describe('pdfFileName', () => {
  it('keeps letters, digits, dots and dashes of the business name and turns the rest into dashes', () => {
    expect(pdfFileName('Ọja & Sons Ltd.')).toBe('KYC--ja-Sons-Ltd..pdf')
    expect(pdfFileName('Acme')).toBe('KYC-Acme.pdf')
  })
})
