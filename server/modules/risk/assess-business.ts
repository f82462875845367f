import type { RiskFactor, RiskModel, RiskRule } from '@/lib/contracts/risk'
import {
  RISK_FACTOR_LABELS,
  TIER_ORDER,
  type LegalForm,
  type OnboardingChannel,
  type ProductRiskLevel,
  type RiskFactorCode,
  type RiskTier,
} from '@/lib/contracts/risk-values'
import { computeOwnership, type OwnershipNode } from '@/lib/kyc/effective-ownership'

/** Where a country is linked to the business, in words (`a shareholder's nationality`). */
export interface LinkedCountry {
  /** ISO 3166-1 alpha-2, or null when the captured words name no country we know. */
  code: string | null
  /** As captured. */
  text: string
  link: string
}

export interface RiskShareholder extends OwnershipNode {
  /** A corporate shareholder known to be registered abroad. */
  foreign: boolean
}

/** Everything the model looks at, gathered for one business by `gatherRiskFacts` (docs/risk.md#where-each-fact-comes-from). */
export interface RiskFacts {
  legalForm: LegalForm
  /** The business category's name. */
  category: string | null
  countries: LinkedCountry[]
  shareholders: RiskShareholder[]
  pep: { declared: number; confirmed: number }
  screening: { open: number; trueSanctions: number }
  products: { name: string; riskLevel: ProductRiskLevel }[]
  channel: OnboardingChannel
  annualTurnoverNaira: number | null
  employees: number | null
}

export interface RiskAssessmentResult {
  tier: RiskTier
  score: number
  factors: RiskFactor[]
}

const factor = (code: RiskFactorCode, rule: RiskRule, detail: string, source: string, points = rule.points): RiskFactor => ({
  code,
  label: RISK_FACTOR_LABELS[code],
  points,
  detail: `${rule.words}. ${detail}`,
  source,
})

/** The number of corporate layers above the deepest holding: a corporate held directly is one layer. */
function corporateLayers(nodes: readonly OwnershipNode[]): number {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  let deepest = 0
  for (const node of nodes) {
    let layers = 0
    const seen = new Set<string>()
    for (let at: OwnershipNode | undefined = node; at && !seen.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) {
      seen.add(at.id)
      if (at.kind === 'CORPORATE') layers++
    }
    deepest = Math.max(deepest, layers)
  }
  return deepest
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * The pure risk engine (docs/risk.md#factors): every factor of the model that applies to the facts, with its points and
 * words, the total, and the tier the thresholds give. A true sanctions match makes the business PROHIBITED whatever
 * the score.
 */
export function assessBusiness({ model, facts }: { model: RiskModel; facts: RiskFacts }): RiskAssessmentResult {
  const factors: RiskFactor[] = []

  const legal = model.legalForm[facts.legalForm]
  factors.push(factor('LEGAL_FORM', legal, `Registered as ${facts.legalForm}.`, 'businesses.registration_class'))

  const sector = facts.category
    ? model.sectors.find((s) => s.category.toLowerCase() === facts.category!.toLowerCase())
    : undefined
  if (sector)
    factors.push(factor('SECTOR', sector, `Category: ${facts.category}.`, 'businesses.category_id (business_categories)'))

  const levelOf = new Map(model.jurisdictions.countries.map((c) => [c.code, c.level]))
  const linked = facts.countries.filter((c) => c.code && levelOf.has(c.code))
  if (linked.length) {
    const high = linked.some((c) => levelOf.get(c.code!) === 'HIGH_RISK')
    const rule = high ? model.jurisdictions.highRisk : model.jurisdictions.monitored
    const where = [
      ...new Set(
        linked.map(
          (c) => `${c.text} (${c.code}, ${levelOf.get(c.code!) === 'HIGH_RISK' ? 'high-risk' : 'monitored'}): ${c.link}`,
        ),
      ),
    ]
    factors.push(
      factor(
        'JURISDICTION',
        rule,
        `${where.join('; ')}. List of ${model.jurisdictions.updatedOn}.`,
        'businesses.country, kyc_details.country_of_incorporation, kyc_addresses.country, shareholders.nationality, PEP declarations',
      ),
    )
  }

  const layers = corporateLayers(facts.shareholders)
  if (layers > 1) {
    const rule = model.ownership.perExtraLayer
    factors.push(
      factor(
        'OWNERSHIP_LAYERS',
        rule,
        `${plural(layers, 'corporate layer')}.`,
        'shareholders.parent_shareholder_id',
        rule.points * (layers - 1),
      ),
    )
  }
  const foreign = facts.shareholders.filter((s) => s.kind === 'CORPORATE' && s.foreign).length
  if (foreign) {
    factors.push(
      factor(
        'FOREIGN_CORPORATE_SHAREHOLDER',
        model.ownership.foreignCorporate,
        `${plural(foreign, 'corporate shareholder')} registered abroad.`,
        'shareholders.nationality (corporate)',
      ),
    )
  }
  if (facts.shareholders.length) {
    const { effectiveOwnershipOf } = computeOwnership(facts.shareholders)
    const nodesOf = new Map<string, number>()
    for (const s of facts.shareholders) {
      if (s.kind === 'INDIVIDUAL' && s.personKey) nodesOf.set(s.personKey, (nodesOf.get(s.personKey) ?? 0) + 1)
    }
    const several = [...nodesOf.values()].filter((n) => n > 1).length
    if (several) {
      const largest = Math.max(
        ...facts.shareholders
          .filter((s) => s.personKey && nodesOf.get(s.personKey)! > 1)
          .map((s) => effectiveOwnershipOf.get(s.id) ?? 0),
      )
      factors.push(
        factor(
          'CONTROL_THROUGH_SEVERAL_PATHS',
          model.ownership.severalPaths,
          `${plural(several, 'person')} found at several places in the shareholding (up to ${Math.round(largest * 100) / 100}% in all).`,
          'shareholders (same BVN or name), lib/kyc/effective-ownership.ts',
        ),
      )
    }
  }

  if (facts.pep.confirmed) {
    factors.push(
      factor(
        'PEP_CONFIRMED',
        model.pep.confirmed,
        `${plural(facts.pep.confirmed, 'true PEP-list match', 'true PEP-list matches')}.`,
        'screening_hits (TRUE_MATCH on a PEP list)',
      ),
    )
  }
  if (facts.pep.declared) {
    factors.push(
      factor(
        'PEP_DECLARED',
        model.pep.declared,
        `${plural(facts.pep.declared, 'person')} declared.`,
        'PEP declarations of means of ID and shareholders (screening_checks.pep_declaration)',
      ),
    )
  }
  if (facts.screening.open) {
    factors.push(
      factor(
        'SCREENING_OPEN',
        model.screening.openCandidates,
        `${plural(facts.screening.open, 'open candidate')}.`,
        'screening_hits (OPEN)',
      ),
    )
  }
  if (facts.screening.trueSanctions) {
    factors.push({
      code: 'SANCTIONS_MATCH',
      label: RISK_FACTOR_LABELS.SANCTIONS_MATCH,
      points: 0,
      detail: `${plural(facts.screening.trueSanctions, 'true match', 'true matches')} on a sanctions list: the business is prohibited whatever the score.`,
      source: 'screening_hits (TRUE_MATCH on a sanctions list)',
    })
  }

  if (facts.products.length) {
    const riskiest = facts.products.reduce((a, b) => (TIER_ORDER[b.riskLevel] > TIER_ORDER[a.riskLevel] ? b : a))
    const named = facts.products.filter((p) => p.riskLevel === riskiest.riskLevel).map((p) => p.name)
    factors.push(
      factor(
        'PRODUCT',
        model.products[riskiest.riskLevel],
        `${named.join(', ')} (${riskiest.riskLevel.toLowerCase()} risk).`,
        'onboarding_products, products.risk_level',
      ),
    )
  }

  factors.push(
    factor(
      'CHANNEL',
      model.channel[facts.channel],
      `Channel: ${facts.channel}.`,
      'external_handovers.business_id, businesses.created_by (staff role or not)',
    ),
  )

  if (facts.annualTurnoverNaira !== null) {
    const band = [...model.turnover]
      .sort((a, b) => b.atLeastNaira - a.atLeastNaira)
      .find((b) => facts.annualTurnoverNaira! >= b.atLeastNaira)
    if (band)
      factors.push(
        factor(
          'TURNOVER',
          band,
          `Declared turnover: ₦${facts.annualTurnoverNaira.toLocaleString('en-NG')}.`,
          'kyc_details.annual_turnover_kobo',
        ),
      )
  }
  if (facts.employees !== null) {
    const band = [...model.employees].sort((a, b) => a.atMost - b.atMost).find((b) => facts.employees! <= b.atMost)
    if (band)
      factors.push(factor('EMPLOYEES', band, `Declared employees: ${facts.employees}.`, 'kyc_details.number_of_employees'))
  }

  const score = factors.reduce((sum, f) => sum + f.points, 0)
  const tier: RiskTier = facts.screening.trueSanctions
    ? 'PROHIBITED'
    : score >= model.thresholds.high
      ? 'HIGH'
      : score >= model.thresholds.medium
        ? 'MEDIUM'
        : 'LOW'
  return { tier, score, factors }
}
