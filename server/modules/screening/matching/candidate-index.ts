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
  /** Each vocabulary word's letter counts, to skip the words that cannot be similar without comparing them. */
  private readonly letters: { text: string; counts: Uint8Array; length: number; abdul: boolean }[] = []

  constructor(private readonly entries: readonly Pick<ListedEntry, 'names' | 'subjectKind'>[]) {
    entries.forEach((entry, index) => {
      for (const name of entry.names)
        for (const token of CandidateIndex.keyTokens(name.name, entry.subjectKind)) this.add(token, index)
    })
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
      const written = token.written
      this.letters.push({ text: token.text, counts: letterCounts(written), length: written.length, abdul: startsAbdul(written) })
    }
    slot.entries.add(index)
    if (token.cls === 'NAME') slot.distinctive.add(index)
  }

  private similar(token: MatchToken): string[] {
    let texts = this.similarCache.get(token.text)
    if (!texts) {
      texts = []
      for (const text of this.lookalikes(token)) {
        if (text === token.text || wordSimilarity(token, this.vocabulary.get(text)!.token) >= MATCH_WEIGHTS.pairMinimum)
          texts.push(text)
      }
      this.similarCache.set(token.text, texts)
    }
    return texts
  }

  /**
   * The vocabulary words that may pair with `token`, every other one skipped by a bound that never skips a pair
   * (`wordSimilarity` ≥ `pairMinimum`, 0.88): past one typing slip, a pair needs a Jaro-Winkler similarity of at least
   * 0.8 (with the sound-alike lift) and so a Jaro similarity above 0.7, which needs m matching letters with
   * m/|a| + m/|b| > 1.1; m is at most the letters the two words have in common, counted from 26 letter counts.
   * candidate-index.test.ts checks it against comparing every word; on 800 generated and varied names against the
   * shipped lists it skipped none and passed about one word in ten (2026-11-30).
   */
  private *lookalikes(token: MatchToken): Generator<string> {
    const query = letterCounts(token.written)
    const queryAbdul = startsAbdul(token.written)
    for (const word of this.letters) {
      const counts = word.counts
      let common = 0
      for (let i = 0; i < LETTERS; i++) common += query[i]! < counts[i]! ? query[i]! : counts[i]!
      let la = token.written.length
      let lb = word.length
      if (queryAbdul && word.abdul) {
        la -= ABDUL.length
        lb -= ABDUL.length
        common -= ABDUL.length
      }
      const oneSlip = la - lb <= 1 && lb - la <= 1 && common >= (la < lb ? la : lb) - 1
      if (oneSlip || common / la + common / lb > 1.1) yield word.text
    }
  }
}

const ABDUL = 'abdul'
/** a to z, and one count for every other character (an over-count, so the bound stays a bound). */
const LETTERS = 27

function startsAbdul(written: string): boolean {
  return written.length > ABDUL.length + 1 && written.startsWith(ABDUL)
}

function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(LETTERS)
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97
    counts[c >= 0 && c < 26 ? c : 26]!++
  }
  return counts
}
