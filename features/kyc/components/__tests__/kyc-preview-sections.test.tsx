import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { KycDetails, MeansOfIdRecord } from '../../api/types'
import { CompanyDetailsFacts, MeansOfIdTable } from '../kyc-preview-sections'

const details = {
  id: '22222222-2222-4222-8222-222222222222',
  tin: '12345678-0001',
  incorporationDate: '2015-03-12',
  countryOfIncorporation: 'Nigeria',
  natureOfBusiness: 'Trading',
  description: null,
  numberOfEmployees: 12,
  annualTurnover: 100_000_00,
} as unknown as KycDetails

const meansOfId = (over: Partial<MeansOfIdRecord>): MeansOfIdRecord => ({
  id: '33333333-3333-4333-8333-333333333333',
  kycDetailsId: details.id,
  businessId: '11111111-1111-4111-8111-111111111111',
  shareholderId: null,
  firstName: 'Ada',
  lastName: 'Obi',
  role: 'DIRECTOR',
  bvn: null,
  idType: 'INTERNATIONAL_PASSPORT',
  idTypeName: 'International passport',
  idNumber: '*****5678',
  issueDate: '2020-01-02',
  expiryDate: '2030-07-09',
  isCurrent: true,
  dateOfBirth: '**********',
  hasDateOfBirth: true,
  pep: { status: 'NOT_PEP', position: null, country: null },
  file: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
})

describe('KYC preview sections', () => {
  it('shows the date of incorporation as every other screen does (12-Mar-2015)', () => {
    render(<CompanyDetailsFacts details={details} additionalDocuments={[]} />)
    expect(screen.getByText('Date of incorporation').nextElementSibling).toHaveTextContent(/^12-Mar-2015$/)
    expect(screen.queryByText('2015-03-12')).not.toBeInTheDocument()
  })

  it('names a director linked to a shareholder as the stepper does, and formats the expiry', () => {
    render(
      <MeansOfIdTable
        meansOfIds={[
          meansOfId({ shareholderId: '44444444-4444-4444-8444-444444444444' }),
          meansOfId({ id: '55555555-5555-4555-8555-555555555555', firstName: 'Bola' }),
        ]}
      />,
    )
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('Director and shareholder')
    expect(rows[0]).toHaveTextContent('09-Jul-2030')
    expect(rows[1]).toHaveTextContent(/Bola ObiDirectorInternational/)
  })
})
