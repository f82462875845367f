import type { ListedEntry } from '../list-entry'
import { nameKeys, phoneticCodes, type NameKind } from './normalize-name'
import { MATCH_WEIGHTS, toMatchToken, wordSimilarity, type MatchToken, type ScreeningQuery } from './score-candidate'

/**
 * The entries worth scoring for a query (docs/screening-matching.md#the-candidate-search): every entry of the query's kind that
 * shares a word with it at the scorer's own pairing similarity (`MATCH_WEIGHTS.pairMinimum`), a word read joined with
 * the next one counting as a word ("Abu Bakar" ~ "Abubakar"). An entry sharing no such word cannot reach a score the
 * scorer pairs at all. A query with a distinctive word skips the entries it shares only common or company words with,
 * unless the shared listed word is itself distinctive: such a match is held under the threshold by the scorer
 * ("common-names-only"), so it could neither alert nor outrank another entry.
 *
 * Built in memory over the current entries (a few MB for the shipped lists); the bench checks it against scoring every
 * entry (bench/screening-quality.ts, "Candidate index check").
 */
export class CandidateIndex {
  private readonly vocabulary = new Map<string, { token: MatchToken; entries: Set<number>; distinctive: Set<number> }>()
  /** Each query word's similar vocabulary words, found once: the vocabulary is fixed for the index's life. */
  private readonly similarCache = new Map<string, string[]>()
  /** The vocabulary's words, then per word: its letter counts (LETTERS each), length, "abdul-" flag, in one block. */
  private readonly words: string[] = []
  private letterCounts = new Uint8Array(0)
  private lengths = new Uint16Array(0)
  private abdul = new Uint8Array(0)
  /** The words of each Double Metaphone code, and a scratch mark of the words sharing one with the query word. */
  private readonly byCode = new Map<string, number[]>()
  private sharesCode = new Uint8Array(0)

  constructor(private readonly entries: readonly Pick<ListedEntry, 'names' | 'subjectKind'>[]) {
    entries.forEach((entry, index) => {
      for (const name of entry.names)
        for (const token of CandidateIndex.keyTokens(name.name, entry.subjectKind)) this.add(token, index)
    })
    this.buildLetterIndex()
  }

  /** The words a name can be paired on: all but particles and initials, and each adjacent pair read as one word. */
  static keyTokens(name: string, kind: NameKind): MatchToken[] {
    const tokens = nameKeys(name, kind).tokens
    const out: MatchToken[] = []
    tokens.forEach((t, i) => {
      if (t.class !== 'PARTICLE' && t.class !== 'INITIAL') out.push(toMatchToken(t))
      const next = tokens[i + 1]
      if (next) {
        const written = t.written + next.written
        out.push({ text: written, written, cls: 'NAME', weight: 1, phonetic: phoneticCodes(written) })
      }
    })
    return out
  }

  get size(): number {
    return this.entries.length
  }

  /** Positions (in the entries given) of the candidates for `query`, in no particular order. */
  candidates(query: Pick<ScreeningQuery, 'name' | 'kind'>): number[] {
    const out = new Set<number>()
    const tokens = CandidateIndex.keyTokens(query.name, query.kind)
    const hasDistinctive = nameKeys(query.name, query.kind).tokens.some((t) => t.class === 'NAME')
    for (const token of tokens) {
      const all = !hasDistinctive || token.cls === 'NAME'
      for (const text of this.similar(token)) {
        const slot = this.vocabulary.get(text)!
        for (const index of all ? slot.entries : slot.distinctive)
          if (this.entries[index]!.subjectKind === query.kind) out.add(index)
      }
    }
    return [...out]
  }

  private add(token: MatchToken, index: number) {
    let slot = this.vocabulary.get(token.text)
    if (!slot) {
      slot = { token, entries: new Set(), distinctive: new Set() }
      this.vocabulary.set(token.text, slot)
      this.words.push(token.text)
    }
    slot.entries.add(index)
    if (token.cls === 'NAME') slot.distinctive.add(index)
  }

  private buildLetterIndex() {
    const n = this.words.length
    this.letterCounts = new Uint8Array(n * LETTERS)
    this.lengths = new Uint16Array(n)
    this.abdul = new Uint8Array(n)
    this.sharesCode = new Uint8Array(n)
    this.words.forEach((text, i) => {
      const token = this.vocabulary.get(text)!.token
      const written = token.written
      countLetters(written, this.letterCounts, i * LETTERS)
      this.lengths[i] = Math.min(written.length, 0xffff)
      this.abdul[i] = startsAbdul(written) ? 1 : 0
      for (const code of new Set(token.phonetic)) {
        let words = this.byCode.get(code)
        if (!words) this.byCode.set(code, (words = []))
        words.push(i)
      }
    })
  }

  private similar(token: MatchToken): string[] {
    let texts = this.similarCache.get(token.text)
    if (!texts) {
      texts = []
      if (this.vocabulary.has(token.text)) texts.push(token.text)
      for (const i of this.lookalikes(token)) {
        const text = this.words[i]!
        if (text !== token.text && wordSimilarity(token, this.vocabulary.get(text)!.token) >= MATCH_WEIGHTS.pairMinimum)
          texts.push(text)
      }
      this.similarCache.set(token.text, texts)
    }
    return texts
  }

  /**
   * The vocabulary words that may pair with `token` (positions in `words`), every other one skipped by a bound that
   * never skips a pair (`wordSimilarity` ≥ `pairMinimum`, 0.88). Past one typing slip, a pair needs a Jaro-Winkler
   * similarity of 0.88, or of 0.8 when the words share a Double Metaphone code (the sound-alike lift closes 40 % of
   * the gap). Jaro-Winkler adds at most 0.4 × (1 − Jaro) and only from a Jaro of 0.7, so those need a Jaro of at
   * least 0.8 and 0.7, which need m matching letters with m/|a| + m/|b| ≥ 1.4 and ≥ 1.1; m is at most the letters
   * the two words have in common, counted from their letter counts (the query word's letters only). Words of a
   * length that cannot reach 1.4 even sharing every letter of the shorter one are not counted at all, unless they
   * share a code or are "Abdul-" words compared on what follows the prefix.
   * candidate-index.test.ts checks it against comparing every word.
   */
  private lookalikes(token: MatchToken): number[] {
    const written = token.written
    const query = new Uint8Array(LETTERS)
    countLetters(written, query, 0)
    const letters: number[] = []
    const counts: number[] = []
    for (let c = 0; c < LETTERS; c++)
      if (query[c]) {
        letters.push(c)
        counts.push(query[c]!)
      }
    const marked: number[] = []
    for (const code of new Set(token.phonetic))
      for (const i of this.byCode.get(code) ?? [])
        if (!this.sharesCode[i]) {
          this.sharesCode[i] = 1
          marked.push(i)
        }
    const queryAbdul = startsAbdul(written)
    const length = written.length
    // Sharing every letter of the shorter word: m/|a| + m/|b| = 1 + shorter/longer, ≥ 1.4 only within this range.
    const shortest = Math.ceil(length * 0.4) - 1
    const longest = Math.floor(length * 2.5) + 1
    const out: number[] = []
    const n = this.words.length
    const letterCounts = this.letterCounts
    const nLetters = letters.length
    for (let i = 0; i < n; i++) {
      const wordLength = this.lengths[i]!
      const shared = this.sharesCode[i] === 1
      const bothAbdul = queryAbdul && this.abdul[i] === 1
      if (!shared && !bothAbdul && (wordLength < shortest || wordLength > longest)) continue
      const base = i * LETTERS
      let common = 0
      for (let k = 0; k < nLetters; k++) {
        const w = letterCounts[base + letters[k]!]!
        const q = counts[k]!
        common += q < w ? q : w
      }
      let la = length
      let lb = wordLength
      if (bothAbdul) {
        la -= ABDUL.length
        lb -= ABDUL.length
        common -= ABDUL.length
      }
      const oneSlip = la - lb <= 1 && lb - la <= 1 && common >= (la < lb ? la : lb) - 1
      const bound = common / la + common / lb
      if (oneSlip || bound >= 1.4 - EPSILON || (shared && bound >= 1.1 - EPSILON)) out.push(i)
    }
    for (const i of marked) this.sharesCode[i] = 0
    return out
  }
}

const ABDUL = 'abdul'
/** a to z, and one count for every other character (an over-count, so the bound stays a bound). */
const LETTERS = 27
/** Room for rounding in the bound's sums of fractions. */
const EPSILON = 1e-9

function startsAbdul(written: string): boolean {
  return written.length > ABDUL.length + 1 && written.startsWith(ABDUL)
}

function countLetters(word: string, into: Uint8Array, at: number) {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97
    const slot = at + (c >= 0 && c < 26 ? c : 26)
    if (into[slot]! < 255) into[slot]!++
  }
}
