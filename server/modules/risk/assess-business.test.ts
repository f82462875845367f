import { describe, expect, it } from 'vitest'
import { riskModelSchema, type RiskModel } from '@/lib/contracts/risk'
import { assessBusiness, type RiskFacts } from './assess-business'
import { DEFAULT_RISK_MODEL } from './default-model'

const model: RiskModel = DEFAULT_RISK_MODEL

/** A sole-trader-like plain case: an RC company in a plain sector, onboarded by staff, nothing else. */
const plain = (): RiskFacts => ({
  legalForm: 'RC',
  category: 'Agriculture and Agro-allied',
  countries: [{ code: 'NG', text: 'Nigeria', link: 'business address' }],
  shareholders: [{ id: 'a', parentId: null, kind: 'INDIVIDUAL', percentage: 100, personKey: 'bvn:1', foreign: false }],
  pep: { declared: 0, confirmed: 0 },
  screening: { open: 0, trueSanctions: 0 },
  products: [],
  channel: 'STAFF_ASSISTED',
  annualTurnoverNaira: null,
  employees: null,
})

const scoreOf = (facts: RiskFacts, m: RiskModel = model) => assessBusiness({ model: m, facts }).score
const codes = (facts: RiskFacts) => assessBusiness({ model, facts }).factors.map((f) => f.code)

describe('assessBusiness, factor by factor', () => {
  it('the shipped model is valid', () => {
    expect(riskModelSchema.safeParse(DEFAULT_RISK_MODEL).success).toBe(true)
  })

  it('a plain business scores only its legal form and channel: LOW', () => {
    const result = assessBusiness({ model, facts: plain() })
    expect(result).toMatchObject({ tier: 'LOW', score: 0 })
    expect(result.factors.map((f) => f.code)).toEqual(['LEGAL_FORM', 'CHANNEL'])
    expect(result.factors[0]).toMatchObject({ label: 'Legal form', points: 0, source: 'businesses.registration_class' })
  })

  it('legal form: each form scores its points', () => {
    for (const form of ['RC', 'BN', 'IT', 'LP', 'LLP'] as const) {
      expect(scoreOf({ ...plain(), legalForm: form })).toBe(model.legalForm[form].points)
    }
  })

  it('sector: a listed category adds its points, ignoring case; another adds nothing', () => {
    expect(scoreOf({ ...plain(), category: 'financial services' })).toBe(20)
    expect(scoreOf({ ...plain(), category: 'Education' })).toBe(0)
  })

  it('jurisdiction: high-risk wins over monitored, counted once however many links', () => {
    const kenya = { code: 'KE', text: 'Kenya', link: "a shareholder's nationality" }
    const iran = { code: 'IR', text: 'Iran', link: 'country of incorporation' }
    expect(scoreOf({ ...plain(), countries: [kenya] })).toBe(15)
    expect(scoreOf({ ...plain(), countries: [kenya, iran, iran] })).toBe(40)
    expect(scoreOf({ ...plain(), countries: [{ code: null, text: 'Atlantis', link: 'business address' }] })).toBe(0)
    const detail = assessBusiness({ model, facts: { ...plain(), countries: [iran] } }).factors.find(
      (f) => f.code === 'JURISDICTION',
    )!
    expect(detail.detail).toContain('Iran (IR, high-risk): country of incorporation')
    expect(detail.detail).toContain('List of 2026-10-24')
  })

  it('ownership: each corporate layer beyond the first adds points', () => {
    const layered: RiskFacts = {
      ...plain(),
      shareholders: [
        { id: 'c1', parentId: null, kind: 'CORPORATE', percentage: 100, personKey: null, foreign: false },
        { id: 'c2', parentId: 'c1', kind: 'CORPORATE', percentage: 100, personKey: null, foreign: false },
        { id: 'c3', parentId: 'c2', kind: 'CORPORATE', percentage: 100, personKey: null, foreign: false },
        { id: 'p', parentId: 'c3', kind: 'INDIVIDUAL', percentage: 100, personKey: 'bvn:1', foreign: false },
      ],
    }
    expect(scoreOf(layered)).toBe(20)
    expect(codes(layered)).toContain('OWNERSHIP_LAYERS')
    const one: RiskFacts = {
      ...layered,
      shareholders: [layered.shareholders[0]!, { ...layered.shareholders[3]!, parentId: 'c1' }],
    }
    expect(scoreOf(one)).toBe(0)
  })

  it('ownership: a foreign corporate shareholder adds its points', () => {
    const facts: RiskFacts = {
      ...plain(),
      shareholders: [
        { id: 'c1', parentId: null, kind: 'CORPORATE', percentage: 60, personKey: null, foreign: true },
        { id: 'p', parentId: null, kind: 'INDIVIDUAL', percentage: 40, personKey: 'bvn:1', foreign: false },
      ],
    }
    expect(scoreOf(facts)).toBe(10)
  })

  it('ownership: one person holding through several paths adds its points once', () => {
    const facts: RiskFacts = {
      ...plain(),
      shareholders: [
        { id: 'p1', parentId: null, kind: 'INDIVIDUAL', percentage: 40, personKey: 'bvn:1', foreign: false },
        { id: 'c1', parentId: null, kind: 'CORPORATE', percentage: 60, personKey: null, foreign: false },
        { id: 'p2', parentId: 'c1', kind: 'INDIVIDUAL', percentage: 50, personKey: 'bvn:1', foreign: false },
        { id: 'q', parentId: 'c1', kind: 'INDIVIDUAL', percentage: 50, personKey: 'bvn:2', foreign: false },
      ],
    }
    const result = assessBusiness({ model, facts })
    expect(result.score).toBe(10)
    expect(result.factors.find((f) => f.code === 'CONTROL_THROUGH_SEVERAL_PATHS')!.detail).toContain('up to 70% in all')
  })

  it('PEP: declared and confirmed each add their points', () => {
    expect(scoreOf({ ...plain(), pep: { declared: 2, confirmed: 0 } })).toBe(25)
    expect(scoreOf({ ...plain(), pep: { declared: 0, confirmed: 1 } })).toBe(30)
    expect(scoreOf({ ...plain(), pep: { declared: 1, confirmed: 1 } })).toBe(55)
  })

  it('screening: open candidates add points; a true sanctions match is PROHIBITED whatever the score', () => {
    expect(scoreOf({ ...plain(), screening: { open: 3, trueSanctions: 0 } })).toBe(10)
    const prohibited = assessBusiness({ model, facts: { ...plain(), screening: { open: 0, trueSanctions: 1 } } })
    expect(prohibited).toMatchObject({ tier: 'PROHIBITED', score: 0 })
    expect(prohibited.factors.map((f) => f.code)).toContain('SANCTIONS_MATCH')
  })

  it('products: the riskiest product applied for counts', () => {
    const low = { name: 'Collections', riskLevel: 'LOW' as const }
    const high = { name: 'Payouts', riskLevel: 'HIGH' as const }
    expect(scoreOf({ ...plain(), products: [low] })).toBe(0)
    expect(scoreOf({ ...plain(), products: [low, high] })).toBe(15)
    expect(scoreOf({ ...plain(), products: [{ name: 'Cards', riskLevel: 'MEDIUM' }] })).toBe(5)
  })

  it('channel: each channel scores its points', () => {
    expect(scoreOf({ ...plain(), channel: 'SELF_SERVICE' })).toBe(10)
    expect(scoreOf({ ...plain(), channel: 'PARTNER_HANDOVER' })).toBe(5)
    expect(scoreOf({ ...plain(), channel: 'STAFF_ASSISTED' })).toBe(0)
  })

  it('turnover and employees: the band reached counts, only where captured', () => {
    expect(scoreOf({ ...plain(), annualTurnoverNaira: 50_000_000 })).toBe(0)
    expect(scoreOf({ ...plain(), annualTurnoverNaira: 100_000_000 })).toBe(5)
    expect(scoreOf({ ...plain(), annualTurnoverNaira: 2_000_000_000 })).toBe(10)
    expect(scoreOf({ ...plain(), employees: 1 })).toBe(5)
    expect(scoreOf({ ...plain(), employees: 40 })).toBe(0)
    expect(scoreOf({ ...plain(), employees: null })).toBe(0)
  })

  it('thresholds map the score to LOW, MEDIUM and HIGH', () => {
    const tierOf = (facts: RiskFacts) => assessBusiness({ model, facts }).tier
    expect(tierOf({ ...plain(), legalForm: 'IT' })).toBe('LOW') // 15
    expect(tierOf({ ...plain(), category: 'Financial Services' })).toBe('MEDIUM') // 20
    expect(tierOf({ ...plain(), category: 'Financial Services', pep: { declared: 1, confirmed: 0 } })).toBe('HIGH') // 45
    const stricter = { ...model, thresholds: { medium: 10, high: 15 } }
    expect(assessBusiness({ model: stricter, facts: { ...plain(), legalForm: 'IT' } }).tier).toBe('HIGH')
  })
})

describe('riskModelSchema', () => {
  it('names the field of each mistake', () => {
    const bad = {
      ...model,
      thresholds: { medium: 30, high: 30 },
      legalForm: { ...model.legalForm, BN: { points: -1, words: 'x' } },
      jurisdictions: { ...model.jurisdictions, countries: [{ code: 'Iran', level: 'HIGH_RISK' }] },
    }
    const result = riskModelSchema.safeParse(bad)
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(
      expect.arrayContaining(['thresholds.high', 'legalForm.BN.points', 'legalForm.BN.words', 'jurisdictions.countries.0.code']),
    )
  })
})
