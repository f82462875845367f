import type { ListedEntry } from '../list-entry'
import { nameKeys, phoneticCodes, type NameKind } from './normalize-name'
import { toMatchToken, type MatchToken, type ScreeningQuery } from './score-candidate'
import { WordIndex } from './word-index'

/**
 * The entries worth scoring for a query (docs/screening-matching.md#the-candidate-search): every entry of the query's kind that
 * shares a word with it at the scorer's own pairing similarity (`MATCH_WEIGHTS.pairMinimum`), a word read joined with
 * the next one counting as a word ("Abu Bakar" ~ "Abubakar"). An entry sharing no such word cannot reach a score the
 * scorer pairs at all. A query with a distinctive word skips the entries it shares only common or company words with,
 * unless the shared listed word is itself distinctive: such a match is held under the threshold by the scorer
 * ("common-names-only"), so it could neither alert nor outrank another entry.
 *
 * Built in memory over the current entries (a few MB for the shipped lists); a word's similar words come from the
 * similarity index over the vocabulary (word-index.ts) and are kept for the index's life. The bench checks it against
 * scoring every entry (bench/screening-quality.ts, "Candidate index check").
 */
export class CandidateIndex {
  private readonly vocabulary = new Map<string, { token: MatchToken; entries: Set<number>; distinctive: Set<number> }>()
  /** Each query word's similar vocabulary words, found once: the vocabulary is fixed for the index's life. */
  private readonly similarCache = new Map<string, string[]>()
  /** The vocabulary's words in the order first seen, and the similarity index over them. */
  private readonly texts: string[] = []
  private readonly words: WordIndex

  constructor(private readonly entries: readonly Pick<ListedEntry, 'names' | 'subjectKind'>[]) {
    entries.forEach((entry, index) => {
      for (const name of entry.names)
        for (const token of CandidateIndex.keyTokens(name.name, entry.subjectKind)) this.add(token, index)
    })
    this.words = new WordIndex(this.texts.map((text) => this.vocabulary.get(text)!.token))
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
      this.texts.push(token.text)
    }
    slot.entries.add(index)
    if (token.cls === 'NAME') slot.distinctive.add(index)
  }

  private similar(token: MatchToken): string[] {
    let texts = this.similarCache.get(token.text)
    if (!texts) {
      texts = this.words.similar(token).map((i) => this.texts[i]!)
      this.similarCache.set(token.text, texts)
    }
    return texts
  }
}
