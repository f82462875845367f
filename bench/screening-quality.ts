/**
 * Screening quality (issue 38): recall and false positives of the name matcher on the shipped lists, and its speed.
 *
 *   npm run bench -- screening      (or: npx tsx bench/screening-quality.ts)
 *
 * - Recall: a fixed-seed sample of the UN and OFAC entries' primary names, each written the ways real data differs
 *   (VARIANT_KINDS in bench/screening-names.ts), screened against every entry; found = its own entry scores at or
 *   above the threshold and no other entry scores higher. The date of birth is given for half the variants of entries
 *   that list one, the nationality for half of those that list one.
 * - False positives: generated Nigerian customers (persons and companies), screened against every entry; a false
 *   positive is a customer for whom any entry reaches the threshold.
 * - Speed: `scoreCandidate` alone over query/candidate pairs taken from the runs above.
 *
 * "Against every entry": each query is scored with `scoreCandidate` on every entry sharing a word with it at the
 * matcher's own pairing similarity (or a word read joined), an in-memory index that only skips entries that cannot
 * score; a brute-force pass over all entries for a sample of the queries checks that it skips nothing that matters.
 * Writes bench/results/ (issue-38-screening-quality.md).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ListedEntry } from '@/server/modules/screening/list-entry'
import { CandidateIndex } from '@/server/modules/screening/matching/candidate-index'
import { nameKeys, type NameKind } from '@/server/modules/screening/matching/normalize-name'
import {
  DEFAULT_MATCH_THRESHOLD,
  scoreCandidate,
  type CandidateScore,
  type ScreeningQuery,
} from '@/server/modules/screening/matching/score-candidate'
import { RESULTS_DIR } from './paths'
import { readShippedLists } from './screening-lists'
import {
  generateCompany,
  generatePerson,
  pick,
  seededRandom,
  VARIANT_KINDS,
  variantOf,
  type Random,
  type VariantKind,
} from './screening-names'

export interface ScreeningBenchOptions {
  /** Listed entries sampled for recall (all when larger than the lists). */
  sample: number
  /** Generated customers for false positives (persons and companies, 4:1). */
  customers: number
  seed: number
  /** Queries of each run checked against a brute-force pass over all entries. */
  verify: number
  thresholds: number[]
}

export const DEFAULT_SCREENING_BENCH: ScreeningBenchOptions = {
  sample: 2000,
  customers: 20_000,
  seed: 38,
  verify: 150,
  thresholds: [0.75, 0.8, 0.82, 0.85, 0.88, 0.9],
}

interface RecallRow {
  variant: VariantKind
  kind: NameKind
  /** Found at each threshold (index of options.thresholds). */
  found: boolean[]
  /** Scored at or above the threshold, but another entry scored higher. */
  outranked: boolean[]
}

interface Miss {
  variant: VariantKind
  query: string
  listed: string
  score: number
  best: { name: string; score: number } | null
  factors: string
}

interface FalsePositive {
  query: string
  dateOfBirth: string | null
  listed: string
  sourceId: string
  score: number
  factors: string
}

export interface ScreeningQualityReport {
  options: ScreeningBenchOptions
  threshold: number
  lists: { entries: number; persons: number; entities: number; names: number }
  recall: {
    queries: number
    byVariant: Array<{ variant: VariantKind; persons: [number, number]; entities: [number, number]; outranked: number }>
    total: [number, number]
    sweep: Array<{ threshold: number; found: number; of: number }>
    misses: Miss[]
  }
  falsePositives: {
    customers: number
    persons: number
    companies: number
    sweep: Array<{ threshold: number; raised: number; of: number }>
    worst: FalsePositive[]
  }
  verification: { queries: number; differences: number; detail: string[] }
  speed: { pairs: number; perSecond: number; microsecondsPerCandidate: number; coldMicrosecondsPerEntry: number }
  /** Issue 38's goals at the default threshold: recall ≥ 98 %, false positives ≤ 0.5 %. */
  goals: { recall: number; falsePositives: number; met: boolean }
  seconds: number
}

export const SCREENING_GOALS = { recall: 0.98, falsePositives: 0.005 }

function factorsText(result: CandidateScore): string {
  return result.factors
    .filter((f) => f.effect !== 0 || f.factor === 'name')
    .map((f) => `${f.factor} ${f.effect >= 0 ? '+' : ''}${f.effect.toFixed(3)}: ${f.detail}`)
    .join(' · ')
}

function queryDate(random: Random, entry: ListedEntry): string | null {
  if (!entry.datesOfBirth.length || random() < 0.5) return null
  const date = pick(random, entry.datesOfBirth)
  const day = `${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
  if (date.kind === 'EXACT') return date.date
  if (date.kind === 'YEAR') return `${date.year}-${day}`
  return `${date.fromYear + Math.floor(random() * (date.toYear - date.fromYear + 1))}-${day}`
}

interface Scored {
  index: number
  /** Score at each threshold of the sweep. */
  scores: number[]
}

/** Scores at every threshold of the sweep; the score never falls as the threshold rises, so the highest bounds all. */
function scoreAll(query: ScreeningQuery, entry: ListedEntry, thresholds: number[]): number[] {
  const top = scoreCandidate({ query, entry, threshold: thresholds[thresholds.length - 1] }).score
  if (top < thresholds[0]!) return thresholds.map(() => top)
  return thresholds.map((threshold) => scoreCandidate({ query, entry, threshold }).score)
}

function screen(query: ScreeningQuery, candidates: number[], entries: ListedEntry[], thresholds: number[]): Scored[] {
  return candidates.map((index) => ({ index, scores: scoreAll(query, entries[index]!, thresholds) }))
}

export async function runScreeningQualityBench(options: ScreeningBenchOptions = DEFAULT_SCREENING_BENCH) {
  const started = performance.now()
  const thresholds = [...options.thresholds].sort((a, b) => a - b)
  const defaultIndex = thresholds.indexOf(DEFAULT_MATCH_THRESHOLD)
  if (defaultIndex < 0) throw new Error(`the sweep must include the default threshold ${DEFAULT_MATCH_THRESHOLD}`)
  const entries = readShippedLists()
  console.log(`Screening bench: ${entries.length} entries; indexing…`)

  // Speed first, cold: the first scoring of each entry analyses its names.
  const coldQuery: ScreeningQuery = { name: 'Ibrahim Musa Okafor', kind: 'PERSON' }
  const coldStart = performance.now()
  for (const entry of entries) scoreCandidate({ query: { ...coldQuery, kind: entry.subjectKind }, entry })
  const coldMicrosecondsPerEntry = ((performance.now() - coldStart) * 1000) / entries.length

  const index = new CandidateIndex(entries)
  // Entries listing the very same name (one person on both lists, OFAC's duplicates): a variant of that name cannot
  // tell them apart, so they do not count as outranking the source.
  const nameKey = (name: string, kind: NameKind) =>
    `${kind}:${nameKeys(name, kind)
      .tokens.map((t) => t.text)
      .sort()
      .join(' ')}`
  const sameName = new Map<string, Set<number>>()
  entries.forEach((entry, i) => {
    for (const name of entry.names) {
      const key = nameKey(name.name, entry.subjectKind)
      if (!sameName.has(key)) sameName.set(key, new Set())
      sameName.get(key)!.add(i)
    }
  })
  const random = seededRandom(options.seed)
  const verification = { queries: 0, differences: 0, detail: [] as string[] }
  const speedPairs: Array<[ScreeningQuery, ListedEntry]> = []

  const verify = (query: ScreeningQuery, viaIndex: Scored[], ignore: Set<number> = new Set()) => {
    const all = entries.map((_, i) => i).filter((i) => entries[i]!.subjectKind === query.kind && !ignore.has(i))
    const brute = screen(query, all, entries, thresholds)
    const above = (list: Scored[]) =>
      new Set(list.filter((s) => s.scores.some((x, k) => x >= thresholds[k]!)).map((s) => entries[s.index]!.sourceId))
    const a = above(viaIndex)
    const b = above(brute)
    verification.queries++
    const missing = [...b].filter((id) => !a.has(id))
    if (missing.length) {
      verification.differences++
      if (verification.detail.length < 5) verification.detail.push(`${query.name}: ${missing.join(', ')}`)
    }
  }

  // Recall.
  const sampleOrder = entries.map((_, i) => i)
  for (let i = sampleOrder.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[sampleOrder[i], sampleOrder[j]] = [sampleOrder[j]!, sampleOrder[i]!]
  }
  const sample = sampleOrder.slice(0, Math.min(options.sample, entries.length))
  const rows: RecallRow[] = []
  const misses: Miss[] = []
  let recallQueries = 0
  for (const sourceIndex of sample) {
    const source = entries[sourceIndex]!
    const primary = source.names[0]!.name
    for (const variant of VARIANT_KINDS) {
      const name = variantOf(primary, source.subjectKind, variant, random)
      if (!name) continue
      const query: ScreeningQuery = {
        name,
        kind: source.subjectKind,
        dateOfBirth: queryDate(random, source),
        nationality: source.nationalities.length && random() < 0.5 ? source.nationalities[0]! : null,
      }
      recallQueries++
      const twins = sameName.get(nameKey(primary, source.subjectKind))!
      const candidates = index.candidates(query).filter((i) => !twins.has(i))
      const others = screen(query, candidates, entries, thresholds)
      if (recallQueries % 23 === 0 && verification.queries < options.verify) {
        const ignore = new Set([...twins].filter((i) => i !== sourceIndex))
        verify(query, [...others, { index: sourceIndex, scores: scoreAll(query, source, thresholds) }], ignore)
      }
      const own = scoreAll(query, source, thresholds)
      const found: boolean[] = []
      const outranked: boolean[] = []
      thresholds.forEach((t, k) => {
        const bestOther = others.reduce((max, s) => Math.max(max, s.scores[k]!), 0)
        found.push(own[k]! >= t && own[k]! >= bestOther)
        outranked.push(own[k]! >= t && own[k]! < bestOther)
      })
      rows.push({ variant, kind: source.subjectKind, found, outranked })
      if (!found[defaultIndex] && misses.length < 400) {
        const result = scoreCandidate({ query, entry: source })
        const best = others.reduce<Scored | null>(
          (b, s) => (!b || s.scores[defaultIndex]! > b.scores[defaultIndex]! ? s : b),
          null,
        )
        misses.push({
          variant,
          query: `${name}${query.dateOfBirth ? ` (${query.dateOfBirth})` : ''}`,
          listed: `${primary} [${source.sourceId}]`,
          score: result.score,
          best: best ? { name: entries[best.index]!.names[0]!.name, score: best.scores[defaultIndex]! } : null,
          factors: factorsText(result),
        })
      }
      if (speedPairs.length < 4000 && candidates.length) speedPairs.push([query, entries[pick(random, candidates)]!])
    }
    if (rows.length % 2000 < VARIANT_KINDS.length) console.log(`  recall: ${rows.length} variants screened`)
  }

  // False positives.
  const customerRandom = seededRandom(options.seed * 7919)
  const raised = thresholds.map(() => 0)
  const worst: FalsePositive[] = []
  let persons = 0
  for (let n = 0; n < options.customers; n++) {
    const customer = customerRandom() < 0.8 ? generatePerson(customerRandom) : generateCompany(customerRandom)
    if (customer.kind === 'PERSON') persons++
    const query: ScreeningQuery = customer
    const candidates = index.candidates(query)
    const scored = screen(query, candidates, entries, thresholds)
    if (n % 131 === 0 && verification.queries < options.verify * 2) verify(query, scored)
    thresholds.forEach((t, k) => {
      if (scored.some((s) => s.scores[k]! >= t)) raised[k]!++
    })
    const top = scored.reduce<Scored | null>((b, s) => (!b || s.scores[defaultIndex]! > b.scores[defaultIndex]! ? s : b), null)
    if (top && top.scores[defaultIndex]! >= thresholds[0]!) {
      const entry = entries[top.index]!
      const result = scoreCandidate({ query, entry })
      worst.push({
        query: customer.name,
        dateOfBirth: customer.dateOfBirth,
        listed: result.matchedName,
        sourceId: entry.sourceId,
        score: result.score,
        factors: factorsText(result),
      })
      worst.sort((a, b) => b.score - a.score)
      worst.length = Math.min(worst.length, 25)
    }
    if (speedPairs.length < 8000 && candidates.length) speedPairs.push([query, entries[pick(customerRandom, candidates)]!])
    if ((n + 1) % 5000 === 0) console.log(`  false positives: ${n + 1} customers screened`)
  }

  // Speed of the scorer alone (entries and queries already analysed, as in a screening of many candidates).
  let sink = 0
  for (const [query, entry] of speedPairs) sink += scoreCandidate({ query, entry }).score
  const rounds = 5
  const speedStart = performance.now()
  for (let r = 0; r < rounds; r++) for (const [query, entry] of speedPairs) sink += scoreCandidate({ query, entry }).score
  const elapsed = (performance.now() - speedStart) / 1000
  const calls = rounds * speedPairs.length
  if (Number.isNaN(sink)) throw new Error('unreachable')

  const byVariant = VARIANT_KINDS.map((variant) => {
    const of = (kind: NameKind): [number, number] => {
      const r = rows.filter((row) => row.variant === variant && row.kind === kind)
      return [r.filter((row) => row.found[defaultIndex]).length, r.length]
    }
    return {
      variant,
      persons: of('PERSON'),
      entities: of('ENTITY'),
      outranked: rows.filter((row) => row.variant === variant && row.outranked[defaultIndex]).length,
    }
  })
  const report: ScreeningQualityReport = {
    options,
    threshold: DEFAULT_MATCH_THRESHOLD,
    lists: {
      entries: entries.length,
      persons: entries.filter((e) => e.subjectKind === 'PERSON').length,
      entities: entries.filter((e) => e.subjectKind === 'ENTITY').length,
      names: entries.reduce((s, e) => s + e.names.length, 0),
    },
    recall: {
      queries: recallQueries,
      byVariant,
      total: [rows.filter((r) => r.found[defaultIndex]).length, rows.length],
      sweep: thresholds.map((threshold, k) => ({
        threshold,
        found: rows.filter((r) => r.found[k]).length,
        of: rows.length,
      })),
      misses,
    },
    falsePositives: {
      customers: options.customers,
      persons,
      companies: options.customers - persons,
      sweep: thresholds.map((threshold, k) => ({ threshold, raised: raised[k]!, of: options.customers })),
      worst,
    },
    verification,
    speed: {
      pairs: speedPairs.length,
      perSecond: Math.round(calls / elapsed),
      microsecondsPerCandidate: (elapsed * 1e6) / calls,
      coldMicrosecondsPerEntry,
    },
    goals: { recall: 0, falsePositives: 0, met: false },
    seconds: (performance.now() - started) / 1000,
  }
  const recall = report.recall.total[0] / report.recall.total[1]
  const falsePositives = raised[defaultIndex]! / options.customers
  report.goals = {
    recall,
    falsePositives,
    met: recall >= SCREENING_GOALS.recall && falsePositives <= SCREENING_GOALS.falsePositives,
  }
  return report
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(2)} %` : '–')
const cell = (text: string) => text.replace(/\|/g, '\\|')

export function formatScreeningReport(report: ScreeningQualityReport): string {
  const r = report.recall
  const f = report.falsePositives
  const fpAtDefault = f.sweep.find((s) => s.threshold === report.threshold)!
  const lines = [
    `# Screening quality (issue 38)`,
    '',
    `Threshold ${report.threshold} (DEFAULT_MATCH_THRESHOLD). Lists: ${report.lists.entries} entries (${report.lists.persons} persons, ${report.lists.entities} entities, ${report.lists.names} names) from the shipped UN (2026-02-27) and OFAC SDN (2021-07) files. Seed ${report.options.seed}; ${report.options.sample} entries sampled for recall; ${f.customers} generated customers. Run took ${report.seconds.toFixed(0)} s.`,
    '',
    `## Recall: variant found at the threshold with its own entry ranked first`,
    '',
    `Goal: ≥ 98 %. Total: **${pct(...r.total)}** (${r.total[0]} / ${r.total[1]}).`,
    '',
    `| variant | persons | entities | all | above threshold but outranked |`,
    `|---|---|---|---|---|`,
    ...r.byVariant.map((v) => {
      const all: [number, number] = [v.persons[0] + v.entities[0], v.persons[1] + v.entities[1]]
      return `| ${v.variant} | ${pct(...v.persons)} (${v.persons[1]}) | ${pct(...v.entities)} (${v.entities[1]}) | ${pct(...all)} | ${v.outranked} |`
    }),
    '',
    `## False positives: generated Nigerian customers raising any alert`,
    '',
    `Goal: ≤ 0.5 %. At ${report.threshold}: **${pct(fpAtDefault.raised, fpAtDefault.of)}** (${fpAtDefault.raised} / ${fpAtDefault.of}; ${f.persons} persons, ${f.companies} companies).`,
    '',
    `## Threshold sweep`,
    '',
    `| threshold | recall | false positives |`,
    `|---|---|---|`,
    ...r.sweep.map(
      (s, k) => `| ${s.threshold} | ${pct(s.found, s.of)} | ${pct(f.sweep[k]!.raised, f.sweep[k]!.of)} (${f.sweep[k]!.raised}) |`,
    ),
    '',
    `## Worst false positives (highest score per customer)`,
    '',
    `| score | query | listed name | factors |`,
    `|---|---|---|---|`,
    ...f.worst
      .slice(0, 20)
      .map(
        (w) =>
          `| ${w.score.toFixed(3)} | ${cell(w.query)} (${w.dateOfBirth ?? 'no date'}) | ${cell(w.listed)} [${w.sourceId}] | ${cell(w.factors)} |`,
      ),
    '',
    `## Recall misses (first 30 of ${r.misses.length}${r.misses.length >= 400 ? '+' : ''})`,
    '',
    `| variant | query | listed | own score | best other | factors |`,
    `|---|---|---|---|---|---|`,
    ...r.misses
      .slice(0, 30)
      .map(
        (m) =>
          `| ${m.variant} | ${cell(m.query)} | ${cell(m.listed)} | ${m.score.toFixed(3)} | ${m.best ? `${cell(m.best.name)} ${m.best.score.toFixed(3)}` : '–'} | ${cell(m.factors)} |`,
      ),
    '',
    `## Speed of scoreCandidate`,
    '',
    `${report.speed.perSecond.toLocaleString('en')} candidates per second (${report.speed.microsecondsPerCandidate.toFixed(1)} µs each) over ${report.speed.pairs} query/candidate pairs from the runs above, names already analysed; the first scoring of an entry (its names analysed) took ${report.speed.coldMicrosecondsPerEntry.toFixed(1)} µs on average. One process on a shared 2-CPU machine.`,
    '',
    `## Candidate index check`,
    '',
    `The bench scores each query against the entries sharing a word with it at the matcher's pairing similarity; ${report.verification.queries} queries were also scored against every entry of their kind: ${report.verification.differences} had an entry at or above a threshold of the sweep that the index skipped.${report.verification.detail.length ? ` ${report.verification.detail.join('; ')}` : ''}`,
    '',
  ]
  return lines.join('\n')
}

export function writeScreeningReport(report: ScreeningQualityReport, file = join(RESULTS_DIR, 'issue-38-screening-quality.md')) {
  writeFileSync(file, formatScreeningReport(report))
  return file
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
  const options = {
    ...DEFAULT_SCREENING_BENCH,
    sample: Number(arg('sample') ?? DEFAULT_SCREENING_BENCH.sample),
    customers: Number(arg('customers') ?? DEFAULT_SCREENING_BENCH.customers),
  }
  const report = await runScreeningQualityBench(options)
  console.log(formatScreeningReport(report))
  if (!arg('no-write')) console.log(`Written to ${writeScreeningReport(report)}`)
}
