/** The two talisman@1.1.4 modules the name matcher uses (the package ships no types). */
declare module 'talisman/metrics/jaro-winkler' {
  /** Jaro-Winkler similarity of two strings, 0..1 (prefix scale 0.1, boost threshold 0.7). */
  const jaroWinkler: (a: string, b: string) => number
  export default jaroWinkler
}

declare module 'talisman/phonetics/double-metaphone' {
  /** Double Metaphone of a word: [primary, alternate] codes of up to four characters each. */
  const doubleMetaphone: (word: string) => [string, string]
  export default doubleMetaphone
}
