// The package has no exports map: Node's ESM loader (tsx scripts, the e2e set-up) needs the file's .js extension.
/** The two talisman@1.1.4 modules the name matcher uses (the package ships no types). */
declare module 'talisman/metrics/jaro-winkler.js' {
  /** Jaro-Winkler similarity of two strings, 0..1 (prefix scale 0.1, boost threshold 0.7). */
  const jaroWinkler: (a: string, b: string) => number
  export default jaroWinkler
}

declare module 'talisman/phonetics/double-metaphone.js' {
  /** Double Metaphone of a word: [primary, alternate] codes of up to four characters each. */
  const doubleMetaphone: (word: string) => [string, string]
  export default doubleMetaphone
}
