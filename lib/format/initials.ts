/** The first letter or digit of a word (words that contain neither, such as `&` or `-`, give nothing). */
const FIRST_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * Avatar initials (spec section 9): the capitalised initials of the first two words:
 * `'ada lovelace byron'` → `'AL'`, `'ngozi'` → `'N'`, `''` → `''`.
 *
 * Decisions: words are split on whitespace (a hyphenated name such as `Adebayo-Smith` is one word); a word's
 * initial is its first letter or digit, so `'Dr. ada'` → `'DA'` and `"'tunde bakare"` → `'TB'`; words with
 * neither are skipped; accented letters are kept and upper-cased (`'émeka'` → `'É'`); `null`/`undefined` → `''`.
 */
export function initials(name: string | null | undefined): string {
  if (!name) return ''
  const letters: string[] = []
  for (const word of name.split(/\s+/u)) {
    const initial = FIRST_LETTER_OR_DIGIT.exec(word)?.[0]
    if (initial) letters.push(initial.toLocaleUpperCase('en'))
    if (letters.length === 2) break
  }
  return letters.join('')
}
