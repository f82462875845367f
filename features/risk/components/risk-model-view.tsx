import { ScrollTable } from '@/components/ui/scroll-table'
import type { RiskModel, RiskRule } from '@/lib/contracts/risk'
import { LEGAL_FORMS, ONBOARDING_CHANNEL_LABELS, ONBOARDING_CHANNELS, PRODUCT_RISK_LEVELS } from '@/lib/contracts/risk-values'
import styles from './risk.module.css'

/** A country's name from its ISO code (the runtime's region names), the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

const naira = (n: number) => `₦${n.toLocaleString('en-US')}`

function Rules({ caption, rows }: { caption: string; rows: { name: string; rule: RiskRule }[] }) {
  return (
    <ScrollTable caption={caption} className={styles.table} columns={['Rule', 'Points', 'Why it raises the risk']}>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className={styles.muted}>
              None
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">{r.name}</th>
              <td className={styles.points}>{r.rule.points}</td>
              <td>{r.rule.words}</td>
            </tr>
          ))
        )}
      </tbody>
    </ScrollTable>
  )
}

/** The model in readable form (docs/risk.md#the-model): every factor with its points and words, and its lists. */
export function RiskModelView({ model }: { model: RiskModel }) {
  const { jurisdictions } = model
  return (
    <div className={styles.stack}>
      <dl className={styles.facts}>
        <dt>Tiers</dt>
        <dd>
          Low below {model.thresholds.medium} points; Medium from {model.thresholds.medium}; High from {model.thresholds.high}. A
          true sanctions match is Prohibited whatever the score.
        </dd>
        <dt>Recertification</dt>
        <dd>
          Low every {model.recertificationYears.LOW} years, Medium every {model.recertificationYears.MEDIUM}, High every{' '}
          {model.recertificationYears.HIGH}.
        </dd>
      </dl>
      <Rules caption="Legal form" rows={LEGAL_FORMS.map((f) => ({ name: f, rule: model.legalForm[f] }))} />
      <Rules
        caption="Higher-risk sectors (business categories)"
        rows={model.sectors.map((s) => ({ name: s.category, rule: s }))}
      />
      <Rules
        caption={`Jurisdictions (list updated on ${jurisdictions.updatedOn})`}
        rows={[
          { name: 'Linked to a high-risk country', rule: jurisdictions.highRisk },
          { name: 'Linked to a monitored country', rule: jurisdictions.monitored },
        ]}
      />
      <div className={styles.countries}>
        <div>
          <h3>High-risk countries</h3>
          <CountryList codes={jurisdictions.countries.filter((c) => c.level === 'HIGH_RISK').map((c) => c.code)} />
        </div>
        <div>
          <h3>Monitored countries</h3>
          <CountryList codes={jurisdictions.countries.filter((c) => c.level === 'MONITORED').map((c) => c.code)} />
        </div>
      </div>
      <Rules
        caption="Ownership"
        rows={[
          { name: 'Each corporate layer beyond the first', rule: model.ownership.perExtraLayer },
          { name: 'A foreign corporate shareholder', rule: model.ownership.foreignCorporate },
          { name: 'A person holding through several paths', rule: model.ownership.severalPaths },
        ]}
      />
      <Rules
        caption="Politically exposed persons and screening"
        rows={[
          { name: 'PEP declared', rule: model.pep.declared },
          { name: 'PEP confirmed by a list match', rule: model.pep.confirmed },
          { name: 'Screening candidates not yet adjudicated', rule: model.screening.openCandidates },
        ]}
      />
      <Rules
        caption="Riskiest product applied for"
        rows={PRODUCT_RISK_LEVELS.map((l) => ({
          name: `${l.charAt(0)}${l.slice(1).toLowerCase()} risk`,
          rule: model.products[l],
        }))}
      />
      <Rules
        caption="Onboarding channel"
        rows={ONBOARDING_CHANNELS.map((c) => ({ name: ONBOARDING_CHANNEL_LABELS[c], rule: model.channel[c] }))}
      />
      <Rules
        caption="Annual turnover (the highest band reached)"
        rows={model.turnover.map((t) => ({ name: `From ${naira(t.atLeastNaira)}`, rule: t }))}
      />
      <Rules
        caption="Employees (the smallest band the business fits)"
        rows={model.employees.map((e) => ({ name: `At most ${e.atMost}`, rule: e }))}
      />
    </div>
  )
}

function CountryList({ codes }: { codes: string[] }) {
  if (!codes.length) return <p className={styles.muted}>None</p>
  return (
    <ul className={styles.countryList}>
      {codes.map((code) => (
        <li key={code}>
          {countryName(code)} ({code})
        </li>
      ))}
    </ul>
  )
}
