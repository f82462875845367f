import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// One display format for a day (`12-Mar-2015`) and one for a moment (`12-Mar-2015 3:05PM`), through lib/format
// (docs/decisions.md#dates-and-times). This scan fails on the ways a screen, a PDF or a mail has formatted dates on
// its own: the browser's locale formats, an ISO string cut to a day or a minute, a date field rendered as it came
// from the API, and date-fns' `format` with a pattern of its own.

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === '__tests__' || name === 'node_modules' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })

const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line)

// `only`: the lines a pattern applies to (a date in JSX, a date in text a person reads; not SQL or keys).
const AD_HOC: { what: string; pattern: RegExp; only?: (file: string, line: string) => boolean }[] = [
  {
    what: 'a locale date format',
    pattern: /\.toLocale(Date|Time)String\(|toLocaleString\([^)]*(dateStyle|timeStyle|month|weekday)/,
  },
  { what: 'an ISO string cut for display', pattern: /toISOString\(\)\.(replace|slice\(0, 16\))/ },
  { what: 'a date field cut to its day', pattern: /\{[\w.?]*(Date|At|from|to)\.slice\(0, 10\)\}/ },
  {
    what: 'a raw date field in JSX',
    pattern: /(?<![=($])\{[\w.?!]*(Date|At)( \?\? '[^']*')?\}/,
    only: (file) => file.endsWith('.tsx'),
  },
  {
    what: 'a raw date field in a message',
    pattern: /\$\{[\w.?!]*(Date|At)\}|\$\{isoDay\([^)]*\)\}|\$\{[\w.]+\.toISOString\(\)\}/,
    // On the server, only the text it writes for people (messages, reasons, mails); the rest is SQL and keys.
    only: (file, line) =>
      !/\bkey=/.test(line) &&
      (!file.startsWith(`server${path.sep}`) ||
        /message|reasons\.push|title:/.test(line) ||
        file.includes(`${path.sep}mail${path.sep}`)),
  },
  { what: "date-fns' format outside lib/format", pattern: /import \{[^}]*\bformat\b[^}]*\} from 'date-fns'/ },
]

// What a person reads: screens and their PDFs (features, components, pages), mails and the API's messages (server).
const SCANNED = ['features', 'components', 'pages', 'lib', path.join('server', 'modules'), path.join('server', 'integrations')]
// lib/format is the formatter (lib/format/iso-day.ts writes the API's own `YYYY-MM-DD`). The business summary's
// chart labels a month ("Mar 2026"), not a day.
const ALLOWED = new Set([
  path.join('lib', 'format'),
  path.join('features', 'admin-businesses', 'components', 'business-summary.tsx'),
])

describe('date display formats', () => {
  it('formats every displayed date through lib/format, never ad hoc', () => {
    const offenders = SCANNED.flatMap(sourceFiles)
      .filter((file) => ![...ALLOWED].some((allowed) => file === allowed || file.startsWith(allowed + path.sep)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            isComment(line)
              ? []
              : AD_HOC.filter(({ pattern, only }) => pattern.test(line) && (!only || only(file, line))).map(
                  ({ what }) => `${file}:${i + 1} ${what}`,
                ),
          ),
      )
    expect(offenders).toEqual([])
  })
})
