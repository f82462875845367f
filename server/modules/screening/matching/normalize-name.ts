/**
 * Name normalisation for sanctions and PEP screening: one name (any script, any punctuation, with or without titles)
 * to the tokens the scorer compares and the keys the candidate search indexes. Pure and deterministic.
 * Docs: docs/screening-matching.md.
 */
import anyAscii from 'any-ascii'
import doubleMetaphone from 'talisman/phonetics/double-metaphone.js'
import {
  COMMON_GIVEN_NAMES,
  GENERIC_ENTITY_WORDS,
  GENERIC_SYNONYMS,
  LEADING_TITLES,
  NAME_ABBREVIATIONS,
  PARTICLES,
  TITLES,
} from './name-lexicon'

export type NameKind = 'PERSON' | 'ENTITY'

/**
 * What a token is worth as evidence. NAME: a distinctive name word. COMMON: a very common given name
 * (`COMMON_GIVEN_NAMES`). GENERIC: a company word (Ltd, Ventures, Global). PARTICLE: bin, al, de, and, of.
 * INITIAL: a single letter. All but NAME are weak.
 */
export type TokenClass = 'NAME' | 'COMMON' | 'GENERIC' | 'PARTICLE' | 'INITIAL'

export interface NameToken {
  /** Lower-case ASCII letters and digits, in the canonical spelling (limited → ltd, abdurrahman → abdulrahman). */
  text: string
  /** As written (lower-case ASCII), before a company word's canonical spelling: what spelling similarity reads. */
  written: string
  /** True for every class but NAME: a weak token cannot make a match alone. */
  weak: boolean
  class: TokenClass
  /** Double Metaphone codes (primary, then the alternate when it differs); empty for initials, particles and numbers. */
  phonetic: string[]
}

export interface NameKeys {
  /** The tokens' texts joined by one space: titles removed, spellings canonical (what a trigram index stores). */
  normalized: string
  tokens: NameToken[]
}

/** What a candidate search stores per listed name and computes for the query: see `nameSearchKeys`. */
export interface NameSearchKeys {
  normalized: string
  /** Phonetic codes of the strong tokens and of adjacent pairs read joined; sorted, unique. */
  phoneticKeys: string[]
}

const SEPARATORS = /[,;()[\]{}/]+/
const NOT_ALNUM = /[^a-z0-9]+/g
const APOSTROPHES = /['`\u00b4\u2018\u2019\u02bb\u02bc\u02be\u02bf]/g
/** A dotted abbreviation in an entity name: "S.A.", "C.V.", "L.L.C." read as one word. */
const DOTTED_ABBREVIATION = /\b(?:[a-z]\.){2,}/g
const DIGITS_ONLY = /^[0-9]+$/
const ARABIC_ARTICLE = /(^|\s)\u0627\u0644(?=[\u0600-\u06ff]{2})/g

/** The forms of "Abd al-" written as a separate word before the rest of the name ("Abdel Rahman", "Abd al-Rahman"). */
const ABD_PREFIXES: ReadonlySet<string> = new Set([
  'abd',
  'abdul',
  'abdel',
  'abdal',
  'abdol',
  'abdil',
  'abdur',
  'abdar',
  'abdus',
  'abdas',
  'abdoul',
])
/** The Arabic article after "Abd" in the ways it is transliterated, assimilated or not (al-, el-, ar-, as-, ...). */
const ARTICLES: ReadonlySet<string> = new Set([
  'al',
  'el',
  'ul',
  'il',
  'ar',
  'ur',
  'as',
  'us',
  'an',
  'un',
  'ad',
  'ud',
  'at',
  'az',
  'ash',
])
/** "Abd" fused with the rest: abd, an optional vowel, then the rest (which may start with the article's consonant). */
const GLUED_ARTICLE = /^(al|el|ul|ar|ur|as|us|an|un|ad|ud|at|az|ash)([a-z]{4,})$/
const ABD_FUSED = /^abd(ou|[aeiou])?([a-z]{3,})$/
const VOWELS = /[aeiouy]/

/**
 * "Abd al-Rahman", "Abdel Rahman", "Abdurrahman", "Abdulrahman", "Abdirahman": the one name transliterated with and
 * without the article, assimilated or not. The fused forms are rewritten to "abdul" + the rest ("abdulrahman"), a
 * separate prefix to "abdul" (the scorer joins "abdul rahman" when the other side has it in one word).
 */
function canonicalAbd(token: string): string {
  const fused = ABD_FUSED.exec(token)
  if (!fused) return token
  let rest = fused[2]!
  const first = rest[0]!
  const second = rest[1]!
  if (first === 'l' && !VOWELS.test(second)) rest = rest.slice(1)
  else if (first === second && !VOWELS.test(first)) rest = rest.slice(1)
  else if (!fused[1]) return token
  return `abdul${rest}`
}

function wordsOf(segment: string): string[] {
  return segment.replace(NOT_ALNUM, ' ').trim().split(' ').filter(Boolean)
}

/**
 * Titles out of a person's name: plain titles anywhere, and the ambiguous ones (Chief, Prince, Oba) at the start of
 * the name or of a part after a comma or parenthesis. A name made of titles only is kept whole.
 */
function withoutTitles(segments: string[][]): string[] {
  const kept: string[] = []
  for (const words of segments) {
    let leading = true
    for (const word of words) {
      leading &&= TITLES.has(word) || LEADING_TITLES.has(word)
      if (!leading && !TITLES.has(word)) kept.push(word)
    }
  }
  return kept.length ? kept : segments.flat()
}

function classify(text: string, kind: NameKind): TokenClass {
  if (text.length === 1 && !DIGITS_ONLY.test(text)) return 'INITIAL'
  if (PARTICLES.has(text)) return 'PARTICLE'
  if (kind === 'ENTITY' && GENERIC_ENTITY_WORDS.has(text)) return 'GENERIC'
  if (COMMON_GIVEN_NAMES.has(text) || text === 'abdul') return 'COMMON'
  return 'NAME'
}

/** Double Metaphone codes of one word (primary, then alternate when different); none for numbers. */
export function phoneticCodes(text: string): string[] {
  if (text.length < 2 || DIGITS_ONLY.test(text)) return []
  const [primary, alternate] = doubleMetaphone(text.toUpperCase())
  const codes: string[] = []
  if (primary) codes.push(primary)
  if (alternate && alternate !== primary) codes.push(alternate)
  return codes
}

interface Word {
  text: string
  written: string
}

/** The words of a name after transliteration, punctuation, titles and canonical spellings. */
function nameWords(name: string, kind: NameKind): Word[] {
  // The Arabic article written onto its word (الشكوى) becomes a word of its own, as in "al-Shakwa".
  let ascii = anyAscii(name.replace(ARABIC_ARTICLE, '$1al ')).toLowerCase().replace(APOSTROPHES, '')
  if (kind === 'ENTITY') ascii = ascii.replace(DOTTED_ABBREVIATION, (m) => m.replace(/\./g, '')).replace(/&/g, ' and ')
  const segments = ascii.split(SEPARATORS).map(wordsOf)
  const words = kind === 'PERSON' ? withoutTitles(segments) : segments.flat()
  const out: Word[] = []
  for (let i = 0; i < words.length; i++) {
    const written = words[i]!
    if (ABD_PREFIXES.has(written)) {
      // "Abd al-Rahman", "Abdel Rahman", "Abd ur Rahman": one prefix "abdul", the article dropped; the article glued
      // to the next word instead ("Abd Alrahman") too.
      if (ARTICLES.has(words[i + 1] ?? '') && i + 2 < words.length) i++
      out.push({ text: 'abdul', written: 'abdul' })
      const glued = GLUED_ARTICLE.exec(words[i + 1] ?? '')
      if (glued) words[i + 1] = glued[2]!
      continue
    }
    const text = kind === 'PERSON' ? (NAME_ABBREVIATIONS.get(written) ?? written) : (GENERIC_SYNONYMS.get(written) ?? written)
    const canonical = canonicalAbd(text)
    out.push({ text: canonical, written: canonical === text ? written : canonical })
  }
  return out
}

/**
 * The normalised form of a name and its tokens: any script to ASCII (`any-ascii`), lower case, apostrophes dropped
 * ("O'Brien" → obrien), every other punctuation mark and hyphen a word break ("Abdul-Rahman" → abdul rahman; the
 * scorer reads adjacent words joined too), titles removed from a person's name, company words canonical and weak
 * (Limited → ltd), "Abd al-" forms canonical, and each token's class and Double Metaphone codes.
 */
export function nameKeys(name: string, kind: NameKind): NameKeys {
  const words = nameWords(name, kind)
  const tokens = words.map(({ text, written }): NameToken => {
    const cls = classify(text, kind)
    return {
      text,
      written,
      weak: cls !== 'NAME',
      class: cls,
      phonetic: cls === 'INITIAL' || cls === 'PARTICLE' ? [] : phoneticCodes(written),
    }
  })
  return { normalized: words.map((w) => w.text).join(' '), tokens }
}

/**
 * What the candidate search needs for one name, listed or queried: the normalised string (for a pg_trgm similarity)
 * and the phonetic codes to look up (for a GIN array overlap). The codes are those of the strong (NAME) tokens and of
 * each adjacent pair read as one word (so "Abu Bakar" finds "ABUBAKAR" and the reverse); a name with no strong token
 * gives its common and generic tokens' codes instead, so that an all-common name can still be found.
 */
export function nameSearchKeys(name: string, kind: NameKind): NameSearchKeys {
  const { normalized, tokens } = nameKeys(name, kind)
  const hasStrong = tokens.some((t) => t.class === 'NAME')
  const counts = (t: NameToken) => (hasStrong ? t.class === 'NAME' : t.class === 'COMMON' || t.class === 'GENERIC')
  const keys = new Set<string>()
  for (const token of tokens) if (counts(token)) for (const code of token.phonetic) keys.add(code)
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!
    const b = tokens[i + 1]!
    if (a.class === 'INITIAL' || b.class === 'INITIAL' || !(counts(a) || counts(b))) continue
    for (const code of phoneticCodes(a.written + b.written)) keys.add(code)
  }
  return { normalized, phoneticKeys: [...keys].sort() }
}
