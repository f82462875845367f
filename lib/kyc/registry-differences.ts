/**
 * docs/ownership.md#registry-check: the declared directors and direct shareholders of a business against the registry's.
 * Pure, shared by the server (which turns each difference into a verification item) and the browser.
 */

export interface DeclaredParty {
  name: string
  /** Direct shareholders only; directors carry none. */
  percentage?: number
}

export interface RegistryDifference {
  /** Stable for the same difference: the same extract and the same declaration give the same key. */
  key: string
  text: string
}

const SAME_WORD: Readonly<Record<string, string>> = {
  limited: 'ltd',
  company: 'co',
  incorporated: 'inc',
  nigeria: 'nig',
}

/**
 * A name as compared: case, accents, punctuation and spacing ignored, the order of its parts too ("BELLO, Amina" is
 * "Amina Bello"), the usual company abbreviations made one ("Limited" is "Ltd").
 */
export function comparableName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => SAME_WORD[w] ?? w)
    .sort()
    .join(' ')
}

const percent = (value: number) => `${Number(value.toFixed(2))} %`

/** Percentages equal to the hundredth (the portal stores hundredths). */
const samePercentage = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100)

function byName<T extends { name: string }>(list: readonly T[]): Map<string, T> {
  const map = new Map<string, T>()
  for (const item of list) {
    const key = comparableName(item.name)
    if (key && !map.has(key)) map.set(key, item)
  }
  return map
}

export function registryDifferences(options: {
  declared: { directors: readonly DeclaredParty[]; shareholders: readonly DeclaredParty[] }
  registry: { directors: readonly { name: string }[]; shareholders: readonly { name: string; percentage: number }[] }
}): RegistryDifference[] {
  const out: RegistryDifference[] = []
  const declaredDirectors = byName(options.declared.directors)
  const registryDirectors = byName(options.registry.directors)
  for (const [key, d] of registryDirectors)
    if (!declaredDirectors.has(key))
      out.push({ key: `DIRECTOR_UNDECLARED|${key}`, text: `The registry lists director ${d.name}, who is not declared` })
  for (const [key, d] of declaredDirectors)
    if (!registryDirectors.has(key))
      out.push({ key: `DIRECTOR_NOT_IN_REGISTRY|${key}`, text: `Declared director ${d.name} is not in the registry` })

  const declaredHolders = byName(options.declared.shareholders)
  const registryHolders = byName(options.registry.shareholders)
  for (const [key, s] of registryHolders) {
    const declared = declaredHolders.get(key)
    if (!declared)
      out.push({
        key: `SHAREHOLDER_UNDECLARED|${key}`,
        text: `The registry lists shareholder ${s.name} with ${percent(s.percentage)}, who is not declared`,
      })
    else if (declared.percentage !== undefined && !samePercentage(declared.percentage, s.percentage))
      out.push({
        key: `SHAREHOLDER_PERCENTAGE|${key}|${declared.percentage}|${s.percentage}`,
        text: `Shareholder ${declared.name} is declared with ${percent(declared.percentage)}; the registry lists ${percent(s.percentage)}`,
      })
  }
  for (const [key, s] of declaredHolders)
    if (!registryHolders.has(key))
      out.push({
        key: `SHAREHOLDER_NOT_IN_REGISTRY|${key}`,
        text: `Declared shareholder ${s.name} (${percent(s.percentage ?? 0)}) is not in the registry`,
      })
  return out
}
