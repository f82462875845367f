/** Reference lists seeded on every start (idempotent, by name/code). */
export const BUSINESS_TYPES = [
  { name: 'Private Limited Company', description: 'Ltd: a company limited by shares, registered with the CAC (RC)' },
  { name: 'Public Limited Company', description: 'Plc: shares may be offered to the public (RC)' },
  { name: 'Company Limited by Guarantee', description: 'Not-for-profit company (RC)' },
  { name: 'Business Name', description: 'Sole proprietorship or partnership trading under a registered name (BN)' },
  { name: 'Limited Partnership', description: 'LP under CAMA 2020' },
  { name: 'Limited Liability Partnership', description: 'LLP under CAMA 2020' },
  { name: 'Incorporated Trustees', description: 'Associations, NGOs, religious bodies (IT)' },
  { name: 'Cooperative Society', description: 'Registered cooperative' },
] as const

export const BUSINESS_CATEGORIES = [
  { name: 'Agriculture and Agro-allied', description: null },
  { name: 'Manufacturing', description: null },
  { name: 'Retail and Wholesale Trade', description: null },
  { name: 'Financial Services', description: null },
  { name: 'Technology and Software', description: null },
  { name: 'Oil and Gas', description: null },
  { name: 'Telecommunications', description: null },
  { name: 'Transport and Logistics', description: null },
  { name: 'Hospitality and Tourism', description: null },
  { name: 'Healthcare and Pharmaceuticals', description: null },
  { name: 'Education', description: null },
  { name: 'Real Estate and Construction', description: null },
  { name: 'Media and Entertainment', description: null },
  { name: 'Professional Services', description: null },
  { name: 'Non-profit and Religious', description: null },
] as const

export const BUSINESS_DIVISIONS = [
  { code: 'PAY', name: 'Payments', description: 'Payment gateway, collections and payouts' },
  { code: 'LND', name: 'Lending', description: 'Working capital and asset finance' },
  { code: 'CRD', name: 'Cards', description: 'Corporate and prepaid cards' },
  { code: 'GOV', name: 'Government Services', description: 'Revenue collection for government entities' },
] as const
