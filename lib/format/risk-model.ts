import type { RiskModel } from '@/lib/contracts/risk'
import { LEGAL_FORMS, ONBOARDING_CHANNEL_LABELS, ONBOARDING_CHANNELS, PRODUCT_RISK_LEVELS } from '@/lib/contracts/risk-values'

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`
const naira = (n: number) => `₦${n.toLocaleString('en-US')}`

/**
 * The risk model in words, one line per rule (docs/risk.md#the-model): what the four-eyes diff of a version's
 * activation compares with the version in force, so the checker reads "Sector Oil and Gas: 25 points (…)" added and
 * "… 10 points …" removed. Lists (sectors, countries, bands) are sorted so that reordering them changes no line.
 */
export function describeRiskModel(model: RiskModel): string[] {
  const rule = (name: string, r: { points: number; words: string }) => `${name}: ${points(r.points)} (${r.words})`
  return [
    `Thresholds: Medium from ${points(model.thresholds.medium)}, High from ${points(model.thresholds.high)}`,
    `Recertification: Low every ${model.recertificationYears.LOW} years, Medium every ${model.recertificationYears.MEDIUM}, High every ${model.recertificationYears.HIGH}`,
    ...LEGAL_FORMS.map((f) => rule(`Legal form ${f}`, model.legalForm[f])),
    ...[...model.sectors].sort((a, b) => a.category.localeCompare(b.category)).map((s) => rule(`Sector ${s.category}`, s)),
    `Jurisdictions list updated on ${model.jurisdictions.updatedOn}`,
    rule('High-risk jurisdiction', model.jurisdictions.highRisk),
    rule('Monitored jurisdiction', model.jurisdictions.monitored),
    ...[...model.jurisdictions.countries]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((c) => `Country ${c.code}: ${c.level === 'HIGH_RISK' ? 'high-risk' : 'monitored'}`),
    rule('Each corporate layer beyond the first', model.ownership.perExtraLayer),
    rule('Foreign corporate shareholder', model.ownership.foreignCorporate),
    rule('A person holding through several paths', model.ownership.severalPaths),
    rule('PEP declared', model.pep.declared),
    rule('PEP confirmed', model.pep.confirmed),
    rule('Open screening candidates', model.screening.openCandidates),
    ...PRODUCT_RISK_LEVELS.map((l) => rule(`Product risk ${l}`, model.products[l])),
    ...ONBOARDING_CHANNELS.map((c) => rule(`Channel ${ONBOARDING_CHANNEL_LABELS[c]}`, model.channel[c])),
    ...[...model.turnover]
      .sort((a, b) => a.atLeastNaira - b.atLeastNaira)
      .map((t) => rule(`Turnover from ${naira(t.atLeastNaira)}`, t)),
    ...[...model.employees].sort((a, b) => a.atMost - b.atMost).map((e) => rule(`Employees: at most ${e.atMost}`, e)),
  ]
}
