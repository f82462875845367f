import { WINKLER } from './jaro-winkler'
import { MATCH_WEIGHTS, wordSimilarity, type MatchToken } from './score-candidate'

/**
 * A similarity index over a fixed vocabulary of name words (docs/screening-matching.md#the-candidate-search): for a
 * word, exactly the vocabulary words `wordSimilarity` pairs it with (≥ `MATCH_WEIGHTS.pairMinimum`), found without
 * comparing it with every word.
 *
 * A pair needs one of: one typing slip; a Jaro-Winkler similarity of 0.88; a shared Double Metaphone code and a
 * Jaro-Winkler of 0.8 (the sound-alike lift closes 40 % of the gap). The Winkler boost depends on the p leading letters
 * the words share (at most four), so each needs a Jaro of at least J(p), and a Jaro of J needs m matching letters with
 * m/|a| + m/|b| ≥ 3J − 1 =: S(p), m at most the letters the words have in common (their letter counts). Without a
 * shared code S(0..4) = 1.64, 1.6, 1.55, 1.49, 1.4: words with a different first letter must share most letters.
 *
 * Every word is found by at least one of these, then kept only if it passes that bound ("lookalikes"), then compared:
 * - an inverted index of (letter, occurrence) items by word length, over every word, for the words with another first
 *   letter at S(0) and the one-slip words (which share all letters of the shorter but one); and over the words with the
 *   query's first letter at S(2), for those sharing one or two leading letters. Read with prefix filtering (items
 *   ordered from the rarest, see readPostings), a positional check and a check of the letters only one side has;
 * - the words starting with the query's first three letters, read whole (up to a few hundred);
 * - the words sharing a Double Metaphone code (its own lists);
 * - for an "Abdul-" word, every "Abdul-" word (the scorer compares them on what follows the prefix);
 * - words too long for the length buckets or with a letter nine times, read whole (7 in the shipped lists).
 *
 * word-index.test.ts and bench/candidate-index-exactness.ts check it against comparing every word.
 */
export class WordIndex {
  private readonly written: string[]
  /** Per word: its letter counts (LETTERS each), in one block. */
  private readonly letterCounts: Uint8Array
  private readonly lengths: Uint16Array
  /** Per word: which letters it has, a bit each (LETTERS ≤ 32). */
  private readonly letterMasks: Uint32Array
  private readonly abdulFlags: Uint8Array
  private readonly abdulWords: number[] = []
  private readonly longWords: number[] = []
  /** Word positions ordered by their written form: the words with a given start are a run of it. */
  private readonly sorted: Int32Array
  private readonly byCode = new Map<string, number[]>()
  private readonly byText = new Map<string, number>()
  /** Each item's place from the rarest over this vocabulary. */
  private readonly rank = new Int32Array(ITEMS)
  /** The inverted index: the words of key(tier, length, item) are postings[offsets[key]..offsets[key + 1]). */
  private readonly offsets: Int32Array
  private readonly postings: Int32Array
  /** Scratch marks, cleared after each search: visited, and sharing a code with the query word. */
  private readonly visited: Uint8Array
  private readonly sharesCode: Uint8Array

  constructor(private readonly tokens: readonly MatchToken[]) {
    const n = tokens.length
    this.written = tokens.map((t) => t.written)
    this.letterCounts = new Uint8Array(n * LETTERS)
    this.lengths = new Uint16Array(n)
    this.letterMasks = new Uint32Array(n)
    this.abdulFlags = new Uint8Array(n)
    this.visited = new Uint8Array(n)
    this.sharesCode = new Uint8Array(n)
    const frequency = new Int32Array(ITEMS)
    const indexed: boolean[] = this.written.map((word, i) => {
      if (!this.byText.has(tokens[i]!.text)) this.byText.set(tokens[i]!.text, i)
      countLetters(word, this.letterCounts, i * LETTERS)
      this.letterMasks[i] = maskOf(this.letterCounts, i * LETTERS)
      this.lengths[i] = Math.min(word.length, 0xffff)
      if (startsAbdul(word)) {
        this.abdulFlags[i] = 1
        this.abdulWords.push(i)
      }
      for (const code of new Set(tokens[i]!.phonetic)) {
        let words = this.byCode.get(code)
        if (!words) this.byCode.set(code, (words = []))
        words.push(i)
      }
      // Read whole: words too long for the buckets or with a letter more often than it has items.
      if (!word.length || word.length >= LENGTHS || this.itemsOf(this.letterCounts, i * LETTERS) === null) {
        this.longWords.push(i)
        return false
      }
      for (const item of this.itemsOf(this.letterCounts, i * LETTERS)!) frequency[item]!++
      return true
    })
    // Items from the rarest: a word is listed under its rarest ones only (see readPostings).
    const byFrequency = Array.from({ length: ITEMS }, (_, item) => item).sort((a, b) => frequency[a]! - frequency[b]! || a - b)
    byFrequency.forEach((item, rank) => (this.rank[item] = rank))
    const counts = new Int32Array(TIERS * LENGTHS * KEYS + 1)
    this.written.forEach((_, i) => indexed[i] && this.forEachKey(i, (key) => counts[key + 1]!++))
    if (n >= 2 ** 24) throw new Error('WordIndex: too many words')
    for (let k = 1; k < counts.length; k++) counts[k]! += counts[k - 1]!
    this.offsets = counts
    this.postings = new Int32Array(counts[counts.length - 1]!)
    const fill = counts.slice(0, -1)
    this.written.forEach(
      (_, i) => indexed[i] && this.forEachKey(i, (key, position) => (this.postings[fill[key]!++] = i * LENGTHS + position)),
    )
    this.sorted = Int32Array.from(this.written.map((_, i) => i).sort((a, b) => compare(this.written[a]!, this.written[b]!)))
  }

  get size(): number {
    return this.tokens.length
  }

  /** Positions of the words `wordSimilarity` pairs with `token` (≥ pairMinimum) or with its text. */
  similar(token: MatchToken): number[] {
    const same = this.byText.get(token.text)
    const out = same === undefined ? [] : [same]
    for (const i of this.lookalikes(token)) {
      const other = this.tokens[i]!
      if (i !== same && (other.text === token.text || wordSimilarity(token, other) >= MATCH_WEIGHTS.pairMinimum)) out.push(i)
    }
    return out
  }

  /** Positions of the words that pass the bound: a superset of `similar` but for equal texts (for the tests). */
  lookalikes(token: MatchToken): number[] {
    const query = token.written
    const length = query.length
    const abdul = startsAbdul(query)
    const queryCounts = new Uint8Array(LETTERS)
    countLetters(query, queryCounts, 0)
    const letters: number[] = []
    const counts: number[] = []
    for (let c = 0; c < LETTERS; c++)
      if (queryCounts[c]) {
        letters.push(c)
        counts.push(queryCounts[c]!)
      }
    const items = this.itemsOf(queryCounts, 0)
    const marked: number[] = []
    for (const code of new Set(token.phonetic))
      for (const i of this.byCode.get(code) ?? [])
        if (!this.sharesCode[i]) {
          this.sharesCode[i] = 1
          marked.push(i)
        }
    const { letterCounts, lengths, abdulFlags, sharesCode, visited, written } = this
    const touched: number[] = []
    const out: number[] = []
    /**
     * The bound: whether word i can pair with the query. Never false for a pair: the letters in common bound the
     * matching letters, the shared leading letters bound the Winkler boost (see the class).
     */
    const passes = (i: number): boolean => {
      const base = i * LETTERS
      let common = 0
      for (let k = 0; k < letters.length; k++) {
        const w = letterCounts[base + letters[k]!]!
        const q = counts[k]!
        common += q < w ? q : w
      }
      // Two "Abdul-" words are compared on what follows it; both have its five letters.
      const skip = abdul && abdulFlags[i] ? ABDUL.length : 0
      const la = length - skip
      const lb = lengths[i]! - skip
      common -= skip
      if (la <= 0 || lb <= 0) return false
      const shorter = la < lb ? la : lb
      if (shorter >= 3 && la - lb <= 1 && lb - la <= 1 && common >= shorter - 1) return true
      const b = written[i]!
      const limit = Math.min(shorter, WINKLER.maxPrefix)
      let prefix = 0
      while (prefix < limit && query.charCodeAt(skip + prefix) === b.charCodeAt(skip + prefix)) prefix++
      const sum = common / la + common / lb
      return sum >= S[prefix]! - EPSILON || (sharesCode[i] === 1 && sum >= S_SOUND_ALIKE[prefix]! - EPSILON)
    }
    const visit = (i: number) => {
      if (visited[i]) return
      visited[i] = 1
      touched.push(i)
      if (passes(i)) out.push(i)
    }
    if (items && length < LENGTHS) {
      // Another first letter (S(0)), or one slip apart.
      this.readPostings(visit, items, maskOf(queryCounts, 0), 0)
      // The same first letter and one or two more (S(2) ≤ S(1)).
      this.readPostings(visit, items, maskOf(queryCounts, 0), 1 + letterOf(query.charCodeAt(0)))
    } else for (let i = 0; i < this.size; i++) visit(i)
    // The same first three letters or more: read whole.
    if (length >= 3) {
      const start = query.slice(0, 3)
      for (let k = this.lowerBound(start); k < this.sorted.length; k++) {
        const i = this.sorted[k]!
        if (!written[i]!.startsWith(start)) break
        visit(i)
      }
    }
    for (const i of marked) visit(i)
    if (abdul) for (const i of this.abdulWords) visit(i)
    for (const i of this.longWords) visit(i)
    for (const i of touched) visited[i] = 0
    for (const i of marked) sharesCode[i] = 0
    return out
  }

  /**
   * Visits every word of `tier` (0: every word; 1 + c: the words starting with letter c) that may reach the tier's
   * sum (or be one slip away, in tier 0). Prefix filtering: a word of length lb needs T = required(la, lb) of the
   * query's la items; ordered from the rarest over the vocabulary, the query's first la − T + 1 items and the word's
   * first lb − T + 1 then share one. Each word is listed under its first lb − T' + 1 items, T' the least T any query
   * length asks of its length (`PREFIX`), so the query reads, in each length, its own first la − T + 1 items' lists.
   */
  private readPostings(visit: (i: number) => void, items: number[], queryMask: number, tier: number) {
    const kind = tier ? 1 : 0
    const la = items.length
    const masks = this.letterMasks
    for (let lb = 1; lb < LENGTHS; lb++) {
      const needed = REQUIRED[kind]![la * LENGTHS + lb]!
      if (!needed) continue
      const base = (tier * LENGTHS + lb) * KEYS
      for (let k = 0; k < la - needed + 1; k++) {
        const key = base + items[k]!
        const queryAfter = la - k - 1
        for (let p = this.offsets[key]!, end = this.offsets[key + 1]!; p < end; p++) {
          const posting = this.postings[p]!
          const wordAfter = lb - (posting % LENGTHS) - 1
          // The first item in common (no rarer one is): at most the items after it on both sides are too.
          if (1 + (queryAfter < wordAfter ? queryAfter : wordAfter) < needed) continue
          // Each letter only one side has is one letter fewer in common.
          const i = (posting / LENGTHS) | 0
          const mask = masks[i]!
          const atMostWord = lb - bitCount(mask & ~queryMask)
          const atMostQuery = la - bitCount(queryMask & ~mask)
          if ((atMostWord < atMostQuery ? atMostWord : atMostQuery) >= needed) visit(i)
        }
      }
    }
  }

  /** A word's (or the query's) items from the rarest, or null if a letter occurs more often than it has items. */
  private itemsOf(letterCounts: Uint8Array, at: number): number[] | null {
    const items: number[] = []
    for (let c = 0; c < LETTERS; c++) {
      const count = letterCounts[at + c]!
      if (count > OCCURRENCES) return null
      for (let k = 0; k < count; k++) items.push(c * OCCURRENCES + k)
    }
    return items.sort((a, b) => this.rank[a]! - this.rank[b]!)
  }

  /** The keys a word is listed under: in tier 0 and in its first letter's tier, its length's first items. */
  private forEachKey(i: number, use: (key: number, position: number) => void) {
    const word = this.written[i]!
    const items = this.itemsOf(this.letterCounts, i * LETTERS)!
    const lb = word.length
    for (const tier of [0, 1 + letterOf(word.charCodeAt(0))]) {
      const base = (tier * LENGTHS + lb) * KEYS
      const listed = PREFIX[tier ? 1 : 0]![lb]!
      for (let k = 0; k < listed && k < items.length; k++) use(base + items[k]!, k)
    }
  }

  private lowerBound(prefix: string): number {
    let lo = 0
    let hi = this.sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (compare(this.written[this.sorted[mid]!]!, prefix) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

const ABDUL = 'abdul'
/** a to z, and one count for every other character (an over-count, so the bound stays a bound). */
const LETTERS = 27
/** Items per letter: its first to eighth occurrence (a word with a ninth is read whole). */
const OCCURRENCES = 8
const ITEMS = LETTERS * OCCURRENCES
const KEYS = ITEMS
/** Words of 1 to 47 letters are in the inverted index; longer ones are read whole. */
const LENGTHS = 48
/** Tier 0 holds every word, tier 1 + c the words starting with letter c. */
const TIERS = 1 + LETTERS
/** Room for rounding in the bound's sums of fractions. */
const EPSILON = 1e-9

/** The Jaro similarity needed for a Jaro-Winkler of `jw` between words sharing `prefix` leading letters. */
function jaroNeeded(jw: number, prefix: number): number {
  if (jw <= WINKLER.boostFrom) return jw
  const boost = prefix * WINKLER.prefixScale
  return Math.max(WINKLER.boostFrom, (jw - boost) / (1 - boost))
}

const W = MATCH_WEIGHTS
/** The Jaro-Winkler a shared Double Metaphone code needs for the pair to reach pairMinimum. */
const JW_SOUND_ALIKE = Math.max(W.phoneticFloor, (W.pairMinimum - W.phoneticBonus) / (1 - W.phoneticBonus))
const prefixes = Array.from({ length: WINKLER.maxPrefix + 1 }, (_, p) => p)
/** m/|a| + m/|b| needed, by shared leading letters: 3 × Jaro − 1 (the transposition term is at most 1). */
const S = prefixes.map((p) => 3 * jaroNeeded(W.pairMinimum, p) - 1)
const S_SOUND_ALIKE = prefixes.map((p) => 3 * jaroNeeded(JW_SOUND_ALIKE, p) - 1)

/**
 * T, the letters in common a word of length lb needs with a query word of length la to be read in each tier (0 when
 * none is enough): tier 0 for a sum of S(0) or one slip (the shorter word's letters but one), tier 1 for S(2).
 */
function required(la: number, lb: number, kind: 0 | 1): number {
  const sum = kind ? S[2]! : S[0]!
  const shorter = Math.min(la, lb)
  let needed = Math.ceil((sum * la * lb) / (la + lb) - EPSILON)
  if (!kind && Math.abs(la - lb) <= 1 && shorter >= 3) needed = Math.min(needed, shorter - 1)
  return needed > shorter ? 0 : needed
}
const KINDS = [0, 1] as const
/** required(la, lb) by la × LENGTHS + lb, per tier kind. */
const REQUIRED = KINDS.map((kind) => {
  const table = new Int32Array(LENGTHS * LENGTHS)
  for (let la = 1; la < LENGTHS; la++) for (let lb = 1; lb < LENGTHS; lb++) table[la * LENGTHS + lb] = required(la, lb, kind)
  return table
})
/** The items a word of length lb is listed under, per tier kind: lb − T' + 1, T' the least T any query length asks. */
const PREFIX = KINDS.map((kind) =>
  Array.from({ length: LENGTHS }, (_, lb) => {
    let least = Infinity
    for (let la = 1; la < LENGTHS; la++) {
      const needed = REQUIRED[kind]![la * LENGTHS + lb]!
      if (needed) least = Math.min(least, needed)
    }
    return least === Infinity ? 0 : lb - least + 1
  }),
)

function startsAbdul(written: string): boolean {
  return written.length > ABDUL.length + 1 && written.startsWith(ABDUL)
}

function maskOf(letterCounts: Uint8Array, at: number): number {
  let mask = 0
  for (let c = 0; c < LETTERS; c++) if (letterCounts[at + c]) mask |= 1 << c
  return mask
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

function letterOf(code: number): number {
  const c = code - 97
  return c >= 0 && c < 26 ? c : 26
}

function countLetters(word: string, into: Uint8Array, at: number) {
  for (let i = 0; i < word.length; i++) {
    const slot = at + letterOf(word.charCodeAt(i))
    if (into[slot]! < 255) into[slot]!++
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
