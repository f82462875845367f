/**
 * A list file the importers refuse: `where` points at the place (`line 12 of sdn.csv`, `INDIVIDUAL 45 (REFERENCE_NUMBER
 * QDi.001)`, `line 3`) and `problem` says what is wrong there in plain English, naming the field. The loader refuses the
 * whole load on one of these and changes nothing, so every malformed input ends here, never in a generic crash.
 */
export class ListFileError extends Error {
  readonly where: string
  readonly problem: string

  constructor(where: string, problem: string) {
    super(`${where}: ${problem}`)
    this.name = 'ListFileError'
    this.where = where
    this.problem = problem
  }
}
