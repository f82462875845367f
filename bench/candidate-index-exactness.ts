/**
 * The candidate index's bound against comparing every word (issue 38): for generated customers and varied listed
 * names, every query word's similar vocabulary words as the index finds them and as `wordSimilarity` over the whole
 * vocabulary finds them. Any difference is a bug in the bound. Also times the index's search per new word.
 *
 *   npx tsx bench/candidate-index-exactness.ts [--queries=800]
 */
import { CandidateIndex } from '@/server/modules/screening/matching/candidate-index'
import { MATCH_WEIGHTS, wordSimilarity, type MatchToken } from '@/server/modules/screening/matching/score-candidate'
import { parseIntFlag } from './generate-businesses'
import { readShippedLists } from './screening-lists'
import { VARIANT_KINDS, generateCompany, generatePerson, seededRandom, variantOf } from './screening-names'

const queries = parseIntFlag(process.argv.slice(2), 'queries', 800, 1)
const entries = readShippedLists()
const index = new CandidateIndex(entries)
const probe = index as unknown as {
  vocabulary: Map<string, { token: MatchToken }>
  similar(token: MatchToken): string[]
}
const vocabulary = [...probe.vocabulary.values()].map((v) => v.token)
const random = seededRandom(3801)
const names: { name: string; kind: 'PERSON' | 'ENTITY' }[] = []
while (names.length < queries) {
  if (random() < 0.5) {
    const customer = random() < 0.8 ? generatePerson(random) : generateCompany(random)
    names.push({ name: customer.name, kind: customer.kind })
  } else {
    const entry = entries[Math.floor(random() * entries.length)]!
    const variant = VARIANT_KINDS[Math.floor(random() * VARIANT_KINDS.length)]!
    const name = variantOf(entry.names[0]!.name, entry.subjectKind, variant, random)
    if (name) names.push({ name, kind: entry.subjectKind })
  }
}
let words = 0
let missed = 0
let extra = 0
let indexMs = 0
const seen = new Set<string>()
for (const { name, kind } of names) {
  for (const token of CandidateIndex.keyTokens(name, kind)) {
    if (seen.has(token.text)) continue
    seen.add(token.text)
    words++
    const t0 = performance.now()
    const found = new Set(probe.similar(token))
    indexMs += performance.now() - t0
    const expected = new Set(
      vocabulary.filter((v) => v.text === token.text || wordSimilarity(token, v) >= MATCH_WEIGHTS.pairMinimum).map((v) => v.text),
    )
    for (const text of expected)
      if (!found.has(text)) {
        missed++
        if (missed <= 10) console.log(`missed: ${token.written} ~ ${text}`)
      }
    for (const text of found) if (!expected.has(text)) extra++
  }
}
console.log(
  JSON.stringify({
    queries: names.length,
    vocabulary: vocabulary.length,
    words,
    missed,
    extra,
    msPerNewWord: +(indexMs / words).toFixed(3),
  }),
)
if (missed || extra) process.exitCode = 1
