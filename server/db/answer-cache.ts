import { getConfig } from '@/lib/config/env'
import { changeWatchOf } from './auth-epoch-watch'
import type { Database } from './client'

/**
 * The JSON text of the two reads every business screen and the staff landing page make (a business's view; a page of
 * the staff business list), kept for ANSWER_CACHE_MS (5 s) per process
 * (docs/architecture.md#the-signed-in-hot-path-and-its-caches).
 *
 * Kept only while the process listens on `business_answer` (migration 0047: announced at commit for every change to a
 * business, its deferrals, review events or onboarded products, and a document type's name), and dropped as soon as
 * it hears one: a business's view when that business changed, every list page when any business did, everything on
 * `*`. The writer's own connection hears its notification before its COMMIT answers (every pooled connection
 * listens), so a call after a change in this process never gets the old answer; another process hears it a few
 * milliseconds after the commit. The age limit is for what the answers derive from the clock alone (a deferral falling
 * due, a recertification date passing): they may show that up to 5 s late.
 *
 * The caller checks access before asking: an answer is the same for everyone allowed to read it.
 */
interface Entry {
  text: string
  storedAt: number
}

interface Answers {
  /** Raised by every notification: a list page computed across one is not kept. */
  generation: number
  /**
   * The generation at which each business (or `*`) was last named: a view computed across a change to its own
   * business is not kept, one computed across other businesses' changes is. Cleared when full, and then everything
   * computed before the clearing counts as changed (`clearedAt`).
   */
  named: Map<string, number>
  clearedAt: number
  views: Map<string, Entry>
  lists: Map<string, Entry>
  trusted: () => boolean
}

const MAX_VIEWS = 10_000
const MAX_LISTS = 500

const answersByDb = new WeakMap<Database, Answers>()

function answersOf(db: Database): Answers | null {
  const known = answersByDb.get(db)
  if (known) return known
  const watch = changeWatchOf(db)
  if (!watch) return null // not opened yet, or opened without a watch: nothing is kept
  const answers: Answers = {
    generation: 0,
    named: new Map(),
    clearedAt: 0,
    views: new Map(),
    lists: new Map(),
    trusted: () => watch.current() !== null,
  }
  watch.onBusinessAnswer((payload) => {
    answers.generation++
    if (answers.named.size >= MAX_VIEWS) {
      answers.named.clear()
      answers.clearedAt = answers.generation
    }
    answers.named.set(payload, answers.generation)
    answers.lists.clear()
    if (payload === '*') answers.views.clear()
    else answers.views.delete(payload)
  })
  answersByDb.set(db, answers)
  return answers
}

/** True when nothing that could change this answer was announced since `generation`. */
function unchangedSince(answers: Answers, kind: 'views' | 'lists', key: string, generation: number): boolean {
  if (answers.generation === generation) return true
  if (kind === 'lists' || answers.clearedAt > generation) return false
  return (answers.named.get(key) ?? 0) <= generation && (answers.named.get('*') ?? 0) <= generation
}

async function answer(db: Database, kind: 'views' | 'lists', key: string, compute: () => Promise<unknown>): Promise<string> {
  const maxAgeMs = getConfig().answerCacheMs
  const answers = maxAgeMs > 0 ? answersOf(db) : null
  if (!answers?.trusted()) return JSON.stringify(await compute())
  const kept = answers[kind]
  const entry = kept.get(key)
  const now = Date.now()
  if (entry && now - entry.storedAt < maxAgeMs) return entry.text
  const generation = answers.generation
  const text = JSON.stringify(await compute())
  if (unchangedSince(answers, kind, key, generation) && answers.trusted()) {
    kept.delete(key)
    if (kept.size >= (kind === 'views' ? MAX_VIEWS : MAX_LISTS)) kept.delete(kept.keys().next().value!)
    kept.set(key, { text, storedAt: now })
  }
  return text
}

/** A business's view (GET /businesses/{id}) as JSON text: kept, or computed and kept. */
export function businessViewAnswer(db: Database, businessId: string, compute: () => Promise<unknown>): Promise<string> {
  // Announced as PostgreSQL writes a uuid: lower case (a request may name it in upper case).
  return answer(db, 'views', businessId.toLowerCase(), compute)
}

/** A page of a business list (its query, validated, as the key) as JSON text: kept, or computed and kept. */
export function businessListAnswer(db: Database, query: object, compute: () => Promise<unknown>): Promise<string> {
  return answer(db, 'lists', JSON.stringify(query), compute)
}
