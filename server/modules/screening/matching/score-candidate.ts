/**
 * Scores one listed entry (a candidate the search found) against a screening query: the best of the entry's names,
 * compared token by token, then the date of birth and the nationality. Every part of the score is a factor with a
 * sentence a compliance officer can read; the factors' effects add up to the score. Pure and deterministic (two
 * caches keep the analysed names of the query and the entries; they change no result).
 * Docs: docs/screening-matching.md.
 */
import type { ListedDate, ListedEntry, ListedName } from '../list-entry'
import { jaroWinkler } from './jaro-winkler'
import { nameKeys, phoneticCodes, type NameKind, type NameToken, type TokenClass } from './normalize-name'

/**
 * The score from which a candidate is an alert. Chosen with `bench/screening-quality.ts` on the shipped UN and OFAC
 * lists (bench/results/ (issue-38-screening-quality.md)): at 0.85, 98.9 % of the generated variants of listed names
 * (transliteration, order, dropped or added middle name, initials, a typo, a missing space, a title, accents, case)
 * score at or above it with their own entry ranked first, while 0.21 % of 20,000 generated Nigerian customer names
 * (persons and companies) raise any alert. Lower (0.80) gains under a point of recall and triples the false alerts;
 * higher (0.90) loses initials and typos in short names first. Tune it there, not here (docs/screening-matching.md).
 */
export const DEFAULT_MATCH_THRESHOLD = 0.85

/** The weights and effects of the model, one place (documented in docs/screening-matching.md#factors-and-weights). */
export const MATCH_WEIGHTS = {
  /** Evidence a token carries, by class. */
  token: { NAME: 1, COMMON: 0.5, GENERIC: 0.3, PARTICLE: 0.1, INITIAL: 0.3 } satisfies Record<TokenClass, number>,
  /** Below this similarity two tokens are different words and are not paired. */
  pairMinimum: 0.88,
  /** A shared Double Metaphone code closes this share of the gap between the Jaro-Winkler score and 1. */
  phoneticBonus: 0.4,
  /** Jaro-Winkler under which a shared phonetic code is a coincidence, not a spelling variant (Ali / Ola). */
  phoneticFloor: 0.75,
  /** A company word and another word pair only at this similarity or one typing slip apart (Petroleum / Petro). */
  genericOther: 0.95,
  /** Similarity given to two words one typing slip apart (four letters or more; three letters get `pairMinimum`). */
  oneEdit: 0.9,
  /** Similarity of an initial to a word starting with its letter. */
  initial: 0.9,
  /** Two adjacent words read as one ("Abdul Rahman" / "Abdulrahman") when the joined form is at least this close. */
  joinMinimum: 0.93,
  /** Share of its weight a token costs when only one side has words left over (a missing middle name). */
  missingCost: 0.5,
  /** A weak alias (UN quality Low, OFAC weak a.k.a.): a perfect match on it lands this far under the threshold. */
  weakAliasBelowThreshold: 0.02,
  /** A match on common words alone is held this far under the threshold, whatever else agrees. */
  commonOnlyBelowThreshold: 0.1,
  dateOfBirth: { exact: 0.08, sameYear: 0.03, inRange: 0.01, oneYearOff: -0.03, perYearOff: -0.05, maxPenalty: -0.4 },
  nationality: { same: 0.03, listedCountry: 0.01, different: -0.03 },
} as const

export interface ScreeningQuery {
  name: string
  /** Other spellings of the same person on their other records: each screened as well, the best score kept. */
  otherNames?: readonly string[]
  kind: NameKind
  /** YYYY-MM-DD. */
  dateOfBirth?: string | null
  /** ISO 3166-1 alpha-2. */
  nationality?: string | null
}

export interface ScoreFactor {
  /** name, weak-alias, common-names-only, date-of-birth, nationality, kind, bounds. */
  factor: string
  /** What it adds to the score (negative lowers it); the effects add up to the score. */
  effect: number
  detail: string
}

export interface CandidateScore {
  /** 0..1; an alert at or above the threshold. */
  score: number
  /** The entry's name that matched best, as listed. */
  matchedName: string
  factors: ScoreFactor[]
}

/** A word as the scorer compares it (`toMatchToken`). */
export interface MatchToken {
  /** Canonical spelling: equal texts are the same word. */
  text: string
  /** As written: what spelling similarity compares. */
  written: string
  cls: TokenClass
  weight: number
  phonetic: string[]
  /** The two words read as this one, when joined by the scorer. */
  joinedFrom?: [string, string]
}

interface PreparedName {
  listed: ListedName
  tokens: Token[]
}

const W = MATCH_WEIGHTS

type Token = MatchToken

/** A normalised word (nameKeys) with its weight, as the scorer compares it. */
export function toMatchToken(t: NameToken): MatchToken {
  return { text: t.text, written: t.written, cls: t.class, weight: W.token[t.class], phonetic: t.phonetic }
}

function prepare(name: string, kind: NameKind): Token[] {
  return nameKeys(name, kind).tokens.map(toMatchToken)
}

/** Entries are analysed once each (their names' tokens and codes), for as long as the entry object lives. */
const preparedEntries = new WeakMap<ListedEntry, PreparedName[]>()
function preparedNames(entry: ListedEntry): PreparedName[] {
  let names = preparedEntries.get(entry)
  if (!names) {
    names = entry.names.map((listed) => ({ listed, tokens: prepare(listed.name, entry.subjectKind) }))
    preparedEntries.set(entry, names)
  }
  return names
}

/** A screening compares one query with many candidates: its analysis is kept for the next calls. */
const preparedQueries = new Map<string, Token[]>()
function preparedQuery(name: string, kind: NameKind): Token[] {
  const key = `${kind}\u0000${name}`
  let tokens = preparedQueries.get(key)
  if (!tokens) {
    if (preparedQueries.size >= 512) preparedQueries.clear()
    tokens = prepare(name, kind)
    preparedQueries.set(key, tokens)
  }
  return tokens
}

function sharesCode(a: Token, b: Token): boolean {
  for (const code of a.phonetic) if (b.phonetic.includes(code)) return true
  return false
}

/** True when one insertion, deletion, substitution or swap of two adjacent letters turns `a` into `b`. */
function oneEditApart(a: string, b: string): boolean {
  const la = a.length
  const lb = b.length
  if (la - lb > 1 || lb - la > 1) return false
  let i = 0
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (la === lb) {
    if (i === la) return true
    // A substitution at i, or a swap of i and i + 1.
    const swap = i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i)
    return sameFrom(a, i + 1, b, i + 1) || (swap && sameFrom(a, i + 2, b, i + 2))
  }
  return la > lb ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1)
}

/** `a` from index i and `b` from index j are the same text. */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false
  return true
}

const ABDUL = 'abdul'

/**
 * How alike two words are, 0..1: equal 1; else Jaro-Winkler of the written forms, raised towards 1 when they also
 * share a Double Metaphone code (Yusuf / Yousef, Usman / Osman), and at least `oneEdit` when a single typing slip
 * separates them (Jose / Joge, Gil / Gli: Jaro-Winkler is blind to a swap in a short word). Two "Abdul-" names are
 * compared on what follows the prefix (Abdulkadir / Abdulrazak differ). Particles only ever equal each other;
 * initials are compared apart.
 */
export function wordSimilarity(a: MatchToken, b: MatchToken): number {
  if (a.text === b.text) return 1
  if (a.cls === 'PARTICLE' || b.cls === 'PARTICLE' || a.cls === 'INITIAL' || b.cls === 'INITIAL') return 0
  let x = a.written
  let y = b.written
  if (x.length > ABDUL.length + 1 && y.length > ABDUL.length + 1 && x.startsWith(ABDUL) && y.startsWith(ABDUL)) {
    x = x.slice(ABDUL.length)
    y = y.slice(ABDUL.length)
  }
  // The bare prefix is not the name it starts: "Abdul" alone against "Abdulwahab" (the joined reading covers
  // "Abdul Wahab").
  if ((x === ABDUL) !== (y === ABDUL) && (x.startsWith(ABDUL) || y.startsWith(ABDUL))) return 0
  let s = jaroWinkler(x, y)
  if (s >= W.phoneticFloor && sharesCode(a, b)) s += (1 - s) * W.phoneticBonus
  const shorter = Math.min(x.length, y.length)
  const oneEdit = shorter >= 3 && oneEditApart(x, y)
  if (s < W.oneEdit && oneEdit) s = shorter >= 4 ? W.oneEdit : W.pairMinimum
  // A company word pairs with another word only when it is a slip of it (Compnay, Kompany), not a stem (Petro).
  if ((a.cls === 'GENERIC') !== (b.cls === 'GENERIC') && !oneEdit && s < W.genericOther) return Math.min(s, W.pairMinimum / 2)
  return s
}

/**
 * Adjacent words of `side` read as one where the other side has that word: "Abdul Rahman" against "ABDULRAHMAN",
 * "Okonjo Iweala" against "OKONJOIWEALA", "Al Qaida" against "ALQAIDA".
 */
function joinAdjacent(side: Token[], other: Token[]): Token[] {
  if (side.length < 2) return side
  let out: Token[] | null = null
  let i = 0
  while (i < side.length) {
    const next = side[i + 1]
    const joined = next ? joinedToken(side[i]!, next, other) : null
    if (joined) {
      out ??= side.slice(0, i)
      out.push(joined)
      i += 2
    } else {
      out?.push(side[i]!)
      i += 1
    }
  }
  return out ?? side
}

function joinedToken(a: Token, b: Token, other: Token[]): Token | null {
  const written = a.written + b.written
  for (const t of other) {
    if (t.cls === 'INITIAL' || t.written[0] !== written[0] || Math.abs(t.written.length - written.length) > 2) continue
    const s = t.written === written ? 1 : jaroWinkler(written, t.written)
    if (s < W.joinMinimum || s <= Math.max(wordSimilarity(a, t), wordSimilarity(b, t))) continue
    const cls = W.token[a.cls] >= W.token[b.cls] ? a.cls : b.cls
    const text = t.written === written ? t.text : written
    return { text, written, cls, weight: W.token[cls], phonetic: phoneticCodes(written), joinedFrom: [a.written, b.written] }
  }
  return null
}

interface Pair {
  q: Token
  l: Token
  similarity: number
  initial: boolean
}

interface NameComparison {
  score: number
  pairs: Pair[]
  queryLeft: Token[]
  listedLeft: Token[]
  /** Both sides had words left over: they are mismatches, not missing words. */
  mismatch: boolean
  /** One side is a one-word name, matched approximately: the other side's extra words cost in full. */
  oneWord: boolean
  /** No distinctive word was matched while a name or common word was left over. */
  commonOnly: boolean
}

/** The credit a pair earns per unit of weight: 1 when equal, falling twice as fast as the similarity. */
function pairCredit(similarity: number): number {
  return Math.max(0, 1 - 2 * (1 - similarity))
}

const isSubstantive = (t: Token) => t.cls !== 'PARTICLE'
const isHeavy = (t: Token) => t.cls === 'NAME' || t.cls === 'COMMON'
/** Words that name someone: all but particles and company words (an initial stands for a name). */
function countWords(tokens: Token[]): number {
  let n = 0
  for (const t of tokens) if (t.cls !== 'PARTICLE' && t.cls !== 'GENERIC') n++
  return n
}
const byStrength = (a: Pair, b: Pair) =>
  Number(a.initial) - Number(b.initial) || b.similarity - a.similarity || b.q.weight + b.l.weight - (a.q.weight + a.l.weight)

function compareNames(queryTokens: Token[], listedTokens: Token[], kind: NameKind): NameComparison {
  const q = joinAdjacent(queryTokens, listedTokens)
  const l = joinAdjacent(listedTokens, q)
  const candidates: Pair[] = []
  for (const qt of q) {
    for (const lt of l) {
      if (qt.cls === 'INITIAL' || lt.cls === 'INITIAL') {
        if (qt.text === lt.text) candidates.push({ q: qt, l: lt, similarity: 1, initial: true })
        else if (kind === 'PERSON' && qt.cls !== 'PARTICLE' && lt.cls !== 'PARTICLE' && qt.text[0] === lt.text[0])
          candidates.push({ q: qt, l: lt, similarity: W.initial, initial: true })
        continue
      }
      const similarity = wordSimilarity(qt, lt)
      if (similarity >= W.pairMinimum) candidates.push({ q: qt, l: lt, similarity, initial: false })
    }
  }
  // Whole words first, the closest first (then the heavier): the best assignment for names this short.
  if (candidates.length > 1) candidates.sort(byStrength)
  const pairs: Pair[] = []
  for (const pair of candidates) {
    let taken = false
    for (const p of pairs) if (p.q === pair.q || p.l === pair.l) taken = true
    if (!taken) pairs.push(pair)
  }
  const queryLeft = pairs.length ? q.filter((t) => !pairs.some((p) => p.q === t)) : q
  const listedLeft = pairs.length ? l.filter((t) => !pairs.some((p) => p.l === t)) : l
  const mismatch = queryLeft.some(isSubstantive) && listedLeft.some(isSubstantive)
  // A one-word name matched only approximately inside a longer one ("TARA LIMITED" in "Tarka Properties Ltd") is
  // weak evidence: the extra words cost their full weight, as mismatches do.
  const oneWord = (countWords(q) <= 1 || countWords(l) <= 1) && pairs.some((p) => p.similarity < 1)
  let earned = 0
  let possible = 0
  let strongPaired = false
  for (const pair of pairs) {
    const weight = pair.q.weight + pair.l.weight
    earned += weight * pairCredit(pair.similarity)
    possible += weight
    if (!pair.initial && (pair.q.cls === 'NAME' || pair.l.cls === 'NAME')) strongPaired = true
  }
  const leftCost = mismatch || oneWord ? 1 : W.missingCost
  for (const t of queryLeft) possible += t.weight * leftCost
  for (const t of listedLeft) possible += t.weight * leftCost
  const commonOnly = !strongPaired && (queryLeft.some(isHeavy) || listedLeft.some(isHeavy))
  return { score: possible > 0 ? earned / possible : 0, pairs, queryLeft, listedLeft, mismatch, oneWord, commonOnly }
}

const CLASS_WORDS: Record<TokenClass, string> = {
  NAME: '',
  COMMON: ' (common name)',
  GENERIC: ' (company word)',
  PARTICLE: ' (particle)',
  INITIAL: ' (initial)',
}

function shown(t: Token): string {
  if (t.joinedFrom) return `${t.joinedFrom[0]} ${t.joinedFrom[1]}`
  return t.cls === 'INITIAL' ? `${t.text}.` : t.written
}

function describePair(p: Pair): string {
  if (p.initial && p.similarity < 1) return `${shown(p.q)} is the initial of ${shown(p.l)}`
  const joined = p.q.joinedFrom || p.l.joinedFrom ? ' (read as one word)' : ''
  if (p.similarity === 1) return `${shown(p.q)} = ${shown(p.l)}${joined}${CLASS_WORDS[p.l.cls]}`
  const sound = sharesCode(p.q, p.l) ? ', sounds alike' : ''
  return `${shown(p.q)} ~ ${shown(p.l)} (spelling ${p.similarity.toFixed(2)}${sound})${joined}${CLASS_WORDS[p.l.cls]}`
}

function describeComparison(c: NameComparison, listed: ListedName): string {
  const label = listed.kind === 'PRIMARY' ? 'listed name' : listed.kind === 'ALIAS' ? 'alias' : 'former name'
  const parts = [`${label} "${listed.name}"`]
  parts.push(c.pairs.length ? `matched ${c.pairs.map(describePair).join(', ')}` : 'no word in common')
  const left = (tokens: Token[]) => tokens.map((t) => `${shown(t)}${CLASS_WORDS[t.cls]}`).join(', ')
  const how = c.mismatch
    ? 'mismatched'
    : c.oneWord
      ? 'beside a one-word name matched approximately, full cost'
      : 'missing, a smaller cost'
  if (c.listedLeft.length) parts.push(`not in the query: ${left(c.listedLeft)} (${how})`)
  if (c.queryLeft.length) parts.push(`not in the listed name: ${left(c.queryLeft)} (${how})`)
  return parts.join('; ')
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

interface DateVerdict {
  effect: number
  detail: string
}

function yearsOffEffect(years: number): number {
  const d = W.dateOfBirth
  if (years <= 1) return d.oneYearOff
  return Math.max(d.maxPenalty, d.perYearOff * years)
}

function compareDate(date: string, year: number, listed: ListedDate): DateVerdict {
  const d = W.dateOfBirth
  if (listed.kind === 'EXACT') {
    if (listed.date === date) return { effect: d.exact, detail: `the date of birth is the listed date` }
    const listedYear = Number(listed.date.slice(0, 4))
    if (listedYear === year)
      return { effect: d.sameYear, detail: `the date of birth is in the listed year (listed ${listed.date})` }
    const off = Math.abs(listedYear - year)
    return {
      effect: yearsOffEffect(off),
      detail: `the date of birth is ${off} year${off > 1 ? 's' : ''} from the listed ${listed.date}`,
    }
  }
  if (listed.kind === 'YEAR') {
    if (listed.year === year) return { effect: d.sameYear, detail: `the date of birth is in the listed year ${year}` }
    const off = Math.abs(listed.year - year)
    return {
      effect: yearsOffEffect(off),
      detail: `the date of birth is ${off} year${off > 1 ? 's' : ''} from the listed year ${listed.year}`,
    }
  }
  const range = `${listed.fromYear}–${listed.toYear}`
  if (year >= listed.fromYear && year <= listed.toYear)
    return { effect: d.inRange, detail: `the date of birth is within the listed years ${range}` }
  const off = year < listed.fromYear ? listed.fromYear - year : year - listed.toYear
  return {
    effect: yearsOffEffect(off),
    detail: `the date of birth is ${off} year${off > 1 ? 's' : ''} outside the listed years ${range}`,
  }
}

function dateOfBirthFactor(dateOfBirth: string | null | undefined, listed: ListedDate[]): ScoreFactor {
  if (!dateOfBirth) return { factor: 'date-of-birth', effect: 0, detail: 'no date of birth given: neutral' }
  const match = ISO_DATE.exec(dateOfBirth)
  if (!match) return { factor: 'date-of-birth', effect: 0, detail: 'the date of birth given is not a date: neutral' }
  if (!listed.length) return { factor: 'date-of-birth', effect: 0, detail: 'the entry lists no date of birth: neutral' }
  const year = Number(match[1])
  let best: DateVerdict | null = null
  for (const date of listed) {
    const verdict = compareDate(dateOfBirth, year, date)
    if (!best || verdict.effect > best.effect) best = verdict
  }
  const extra = listed.length > 1 ? ` (closest of ${listed.length} listed dates)` : ''
  return { factor: 'date-of-birth', effect: best!.effect, detail: `${best!.detail}${extra}` }
}

function nationalityFactor(nationality: string | null | undefined, entry: ListedEntry): ScoreFactor {
  const n = W.nationality
  if (!nationality) return { factor: 'nationality', effect: 0, detail: 'no nationality given: neutral' }
  const code = nationality.toUpperCase()
  if (entry.nationalities.includes(code))
    return { factor: 'nationality', effect: n.same, detail: `nationality ${code} is a listed nationality` }
  if (entry.countries.includes(code))
    return { factor: 'nationality', effect: n.listedCountry, detail: `${code} is a listed country of the entry` }
  if (entry.nationalities.length)
    return {
      factor: 'nationality',
      effect: n.different,
      detail: `nationality ${code} differs from the listed ${entry.nationalities.join(', ')}`,
    }
  return { factor: 'nationality', effect: 0, detail: 'the entry lists no nationality: neutral' }
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000

function kindWord(kind: NameKind) {
  return kind === 'PERSON' ? 'a person' : 'an entity'
}

/**
 * Scores `entry` against `query`, 0..1; an alert at or above `threshold` (default `DEFAULT_MATCH_THRESHOLD`).
 *
 * The name factor is the best of the entry's names: words compared order-free (each query word paired with at most
 * one listed word, closest pairs first), Jaro-Winkler raised for a shared phonetic code, initials matched to a word
 * starting with that letter, adjacent words read as one where the other side writes them so. A pair earns its weight
 * (distinctive words 1, common given names 0.5, company words 0.3, initials 0.3, particles 0.1) times its closeness;
 * a word left over costs its weight, half of it when only one side has words left over (a missing middle name).
 * Then: a weak alias scores under the threshold alone; date of birth and nationality raise or lower; a match on
 * common words alone is held under the threshold; a person never matches an entity.
 */
export function scoreCandidate({
  query,
  entry,
  threshold = DEFAULT_MATCH_THRESHOLD,
}: {
  query: ScreeningQuery
  entry: ListedEntry
  threshold?: number
}): CandidateScore {
  const primary = entry.names[0]?.name ?? ''
  if (query.kind !== entry.subjectKind) {
    return {
      score: 0,
      matchedName: primary,
      factors: [
        {
          factor: 'kind',
          effect: 0,
          detail: `the query is ${kindWord(query.kind)}, the listed subject ${kindWord(entry.subjectKind)}: never a match`,
        },
      ],
    }
  }
  const queryTokens = preparedQuery(query.name, query.kind)
  let best: { comparison: NameComparison; listed: ListedName; score: number } | null = null
  for (const name of preparedNames(entry)) {
    const comparison = compareNames(queryTokens, name.tokens, query.kind)
    const weakScale = name.listed.quality === 'WEAK' ? threshold - W.weakAliasBelowThreshold : 1
    const score = comparison.score * weakScale
    if (!best || score > best.score) best = { comparison, listed: name.listed, score }
  }
  if (!best) {
    return { score: 0, matchedName: primary, factors: [{ factor: 'name', effect: 0, detail: 'the entry has no name' }] }
  }
  const factors: ScoreFactor[] = [
    { factor: 'name', effect: round4(best.comparison.score), detail: describeComparison(best.comparison, best.listed) },
  ]
  if (best.listed.quality === 'WEAK') {
    factors.push({
      factor: 'weak-alias',
      effect: round4(best.score - best.comparison.score),
      detail: 'a weak alias (short or generic, as the list marks it): alone it stays under the threshold',
    })
  }
  factors.push(dateOfBirthFactor(query.dateOfBirth, entry.datesOfBirth))
  factors.push(nationalityFactor(query.nationality, entry))
  let total = factors.reduce((sum, f) => sum + f.effect, 0)
  const commonCap = threshold - W.commonOnlyBelowThreshold
  if (best.comparison.commonOnly && total > commonCap) {
    const effect = round4(commonCap - total)
    factors.push({
      factor: 'common-names-only',
      effect,
      detail: 'only common names or company words match while other names differ: held under the threshold',
    })
    total += effect
  }
  if (total < 0 || total > 1) {
    const effect = round4((total < 0 ? 0 : 1) - total)
    factors.push({ factor: 'bounds', effect, detail: `the score is kept within 0 and 1` })
    total += effect
  }
  return { score: round4(total), matchedName: best.listed.name, factors }
}
