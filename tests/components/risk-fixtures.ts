import type { RiskModel, RiskModelVersion } from '@/lib/contracts/risk'

const rule = (points: number, words: string) => ({ points, words })

/** A whole risk model for the screens' tests (the shipped one's shape, fewer countries). */
export const MODEL: RiskModel = {
  thresholds: { medium: 20, high: 40 },
  recertificationYears: { LOW: 3, MEDIUM: 2, HIGH: 1 },
  legalForm: {
    RC: rule(0, 'A company on the CAC register'),
    BN: rule(5, 'A business name'),
    IT: rule(15, 'Incorporated trustees'),
    LP: rule(10, 'A limited partnership'),
    LLP: rule(5, 'A limited liability partnership'),
  },
  sectors: [
    { category: 'Financial Services', ...rule(20, 'Money businesses move funds for others') },
    { category: 'Oil and Gas', ...rule(10, 'Large cash flows and state contracts') },
  ],
  jurisdictions: {
    updatedOn: '2026-10-24',
    highRisk: rule(40, 'A FATF call for action'),
    monitored: rule(15, 'The FATF grey list'),
    countries: [
      { code: 'IR', level: 'HIGH_RISK' },
      { code: 'KE', level: 'MONITORED' },
    ],
  },
  ownership: {
    perExtraLayer: rule(10, 'Each layer hides control'),
    foreignCorporate: rule(10, 'Harder to verify'),
    severalPaths: rule(10, 'May be concealing control'),
  },
  pep: { declared: rule(25, 'A declared PEP'), confirmed: rule(30, 'A confirmed PEP') },
  screening: { openCandidates: rule(10, 'Open candidates') },
  products: { LOW: rule(0, 'Low-risk product'), MEDIUM: rule(5, 'Medium-risk product'), HIGH: rule(15, 'High-risk product') },
  channel: {
    SELF_SERVICE: rule(10, 'Nobody met the owner'),
    STAFF_ASSISTED: rule(0, 'Our staff met the owner'),
    PARTNER_HANDOVER: rule(5, 'A partner met the owner'),
  },
  turnover: [{ atLeastNaira: 100_000_000, ...rule(5, 'Large sums') }],
  employees: [{ atMost: 2, ...rule(5, 'Few staff for the turnover') }],
}

export const ACTIVE_ID = '66666666-6666-4666-8666-666666666661'
export const PROPOSED_ID = '66666666-6666-4666-8666-666666666662'

export const ACTIVE: RiskModelVersion = {
  id: ACTIVE_ID,
  version: 1,
  status: 'ACTIVE',
  model: MODEL,
  reason: 'The shipped model',
  createdBy: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  activatedAt: '2026-11-01T09:00:00.000Z',
  activatedBy: null,
}

export const PROPOSED: RiskModelVersion = {
  id: PROPOSED_ID,
  version: 2,
  status: 'PROPOSED',
  model: { ...MODEL, sectors: MODEL.sectors.map((s) => (s.category === 'Oil and Gas' ? { ...s, points: 30 } : s)) },
  reason: 'Oil and gas weighs more',
  createdBy: 'Olumide Adekunle',
  createdAt: '2026-11-30T09:00:00.000Z',
  activatedAt: null,
  activatedBy: null,
}

export const summary = ({ model: _model, ...rest }: RiskModelVersion) => rest
