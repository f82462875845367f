import type { RiskModel } from '@/lib/contracts/risk'

/**
 * Version 1 of the risk model, seeded on every install that has none (server/seed). The numbers are a starting point
 * a compliance officer is expected to tune through a new version (docs/risk.md#the-shipped-model).
 */
export const DEFAULT_RISK_MODEL: RiskModel = {
  thresholds: { medium: 20, high: 40 },
  recertificationYears: { LOW: 3, MEDIUM: 2, HIGH: 1 },
  legalForm: {
    RC: { points: 0, words: 'A company registered with the CAC: directors and shareholders are on the register' },
    BN: { points: 5, words: 'A business name: the proprietors trade without a separate legal person' },
    IT: {
      points: 15,
      words:
        'Incorporated trustees (associations, NGOs, religious bodies): donations are a known channel for terrorist financing',
    },
    LP: { points: 10, words: 'A limited partnership: limited partners are not on a public register of control' },
    LLP: { points: 5, words: 'A limited liability partnership' },
  },
  sectors: [
    {
      category: 'Financial Services',
      points: 20,
      words: 'Bureaux de change, virtual asset providers and other money businesses move funds for others',
    },
    {
      category: 'Real Estate and Construction',
      points: 15,
      words: 'Real estate is a common way to place and layer proceeds of crime',
    },
    { category: 'Oil and Gas', points: 10, words: 'Large cash flows, state contracts and exposure to corruption' },
    {
      category: 'Non-profit and Religious',
      points: 15,
      words: 'NGOs and charities can be misused to raise or move funds for terrorism',
    },
  ],
  jurisdictions: {
    updatedOn: '2026-10-24',
    highRisk: { points: 40, words: 'A country under a FATF call for action (countermeasures or enhanced due diligence)' },
    monitored: { points: 15, words: 'A country under increased FATF monitoring (grey list)' },
    countries: [
      { code: 'KP', level: 'HIGH_RISK' },
      { code: 'IR', level: 'HIGH_RISK' },
      { code: 'MM', level: 'HIGH_RISK' },
      { code: 'DZ', level: 'MONITORED' },
      { code: 'AO', level: 'MONITORED' },
      { code: 'BG', level: 'MONITORED' },
      { code: 'CM', level: 'MONITORED' },
      { code: 'CD', level: 'MONITORED' },
      { code: 'HT', level: 'MONITORED' },
      { code: 'KE', level: 'MONITORED' },
      { code: 'LB', level: 'MONITORED' },
      { code: 'ML', level: 'MONITORED' },
      { code: 'MC', level: 'MONITORED' },
      { code: 'MZ', level: 'MONITORED' },
      { code: 'NA', level: 'MONITORED' },
      { code: 'SS', level: 'MONITORED' },
      { code: 'SY', level: 'MONITORED' },
      { code: 'VE', level: 'MONITORED' },
      { code: 'VN', level: 'MONITORED' },
      { code: 'YE', level: 'MONITORED' },
    ],
  },
  ownership: {
    perExtraLayer: { points: 10, words: 'Each corporate layer beyond the first hides who owns and controls the business' },
    foreignCorporate: { points: 10, words: 'A shareholder company registered abroad is harder to verify' },
    severalPaths: {
      points: 10,
      words: 'One person holding through several paths (directly and through companies) may be concealing control',
    },
  },
  pep: {
    declared: { points: 25, words: 'A politically exposed person, a family member or a close associate (declared)' },
    confirmed: { points: 30, words: 'A person confirmed as politically exposed by a PEP-list match' },
  },
  screening: {
    openCandidates: { points: 10, words: 'Screening candidates not yet adjudicated: a possible sanctions or PEP match' },
  },
  products: {
    LOW: { points: 0, words: 'Only low-risk products' },
    MEDIUM: { points: 5, words: 'A product of medium risk (e.g. collections or cards)' },
    HIGH: { points: 15, words: 'A product of high risk (e.g. cross-border payouts or lending)' },
  },
  channel: {
    SELF_SERVICE: { points: 10, words: 'Onboarded without meeting our staff (non-face-to-face)' },
    STAFF_ASSISTED: { points: 0, words: 'Onboarded with our staff' },
    PARTNER_HANDOVER: { points: 5, words: "Introduced by a partner: we rely on the partner's first checks" },
  },
  turnover: [
    { atLeastNaira: 1_000_000_000, points: 10, words: 'Annual turnover of a billion naira or more' },
    { atLeastNaira: 100_000_000, points: 5, words: 'Annual turnover of a hundred million naira or more' },
  ],
  employees: [{ atMost: 2, points: 5, words: 'Two employees or fewer: little substance behind the business' }],
}
