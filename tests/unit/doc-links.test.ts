import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Docs that cannot drift (issue 35, part 5): every `docs/<file>.md#anchor` cited in a code comment or a doc, every
 * relative link between docs, and every repository path named in a comment or a doc must resolve. A rename that
 * leaves a citation behind fails here with the file and line that cite it.
 */

const root = process.cwd()

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen (github-slugger's rule). */
function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors a markdown file offers: its headings' slugs (a repeat gets -1, -2, …) and explicit `<a id>`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!)
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    // Inline HTML is dropped, but not inside a code span (`features/<domain>/` keeps its text).
    const text = heading[1]!
      .split('`')
      .map((part, i) =>
        i % 2
          ? part
          : part
              .replace(/<[^>]+>/g, '')
              .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
              .replace(/\*/g, ''),
      )
      .join('')
    const base = githubSlug(text)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** Tracked and new (not ignored) files, as git sees them. */
function repoFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(path.join(root, f)))
}

const files = repoFiles()
const topLevel = new Set(files.map((f) => f.split('/')[0]!))

type Text = { file: string; line: number; text: string }

const codeExtensions = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/
const hashCommentFile = (f: string) =>
  /\.(sh|ya?ml|toml)$/.test(f) ||
  /(^|\/)(Dockerfile|\.ci\/run|\.env\.example|\.gitignore|\.dockerignore|\.prettierignore)$/.test(f)

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length

/**
 * Every comment of a TypeScript or JavaScript file. A small lexer, not the TypeScript parser (parsing the 1,100
 * files took 8 s on a loaded CI core): it skips strings, templates (with their `${…}`) and regular expressions, told
 * from a division by the token before them, so a glob in a string (`'features/**\/*.ts'`) opens no comment.
 */
function codeComments(file: string, source: string): Text[] {
  const out: Text[] = []
  const templates: number[] = [] // brace depth at each open `${`
  let depth = 0
  let last = '' // the last significant character outside comments, strings and templates
  let lastWord = ''
  let i = 0
  const push = (from: number, to: number) => out.push({ file, line: lineAt(source, from), text: source.slice(from, to) })
  const skipTemplate = () => {
    // i is just past a backtick or a `}` closing `${`: read to the closing backtick or the next `${`.
    while (i < source.length) {
      const c = source[i]
      if (c === '\\') i += 2
      else if (c === '`') return void (i++, (last = '`'))
      else if (c === '$' && source[i + 1] === '{') return void ((i += 2), templates.push(depth), depth++, (last = '{'))
      else i++
    }
  }
  while (i < source.length) {
    const c = source[i]!
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i)
      push(i, end < 0 ? source.length : end)
      i = end < 0 ? source.length : end
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      push(i, end < 0 ? source.length : end + 2)
      i = end < 0 ? source.length : end + 2
    } else if (c === "'" || c === '"') {
      i++
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1
      i++
      last = c
    } else if (c === '`') {
      i++
      skipTemplate()
    } else if (
      c === '/' &&
      (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last) || /^(return|typeof|case|in|of|void|yield|await)$/.test(lastWord))
    ) {
      let inClass = false
      i++
      while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++
        else if (source[i] === '[') inClass = true
        else if (source[i] === ']') inClass = false
        i++
      }
      i++
      last = '/'
      lastWord = ''
    } else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth - 1) {
      templates.pop()
      depth--
      i++
      skipTemplate()
    } else {
      if (c === '{') depth++
      if (c === '}') depth--
      if (!/\s/.test(c)) {
        if (/[\w$]/.test(c)) {
          const word = /^[\w$]+/.exec(source.slice(i, i + 40))![0]
          lastWord = word
          last = 'a'
          i += word.length
          continue
        }
        last = c
        lastWord = ''
      }
      i++
    }
  }
  return out
}

function hashComments(file: string, source: string): Text[] {
  return source.split('\n').flatMap((line, i) => {
    const at = line.search(/(^|\s)#/)
    return at < 0 ? [] : [{ file, line: i + 1, text: line.slice(at) }]
  })
}

function cssComments(file: string, source: string): Text[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ file, line: lineAt(source, m.index), text: m[0] }))
}

/** Split a multi-line text into lines, keeping each line's number. */
const lines = (t: Text): Text[] => t.text.split('\n').map((text, i) => ({ file: t.file, line: t.line + i, text }))

const docs = files.filter((f) => f.endsWith('.md'))
const comments: Text[] = files
  .filter((f) => !f.startsWith('tests/fixtures/') && f !== 'tests/unit/doc-links.test.ts' && statSync(f).isFile())
  .flatMap((file) => {
    if (codeExtensions.test(file)) return codeComments(file, readFileSync(file, 'utf8'))
    if (file.endsWith('.css')) return cssComments(file, readFileSync(file, 'utf8'))
    if (hashCommentFile(file)) return hashComments(file, readFileSync(file, 'utf8'))
    return []
  })
  .flatMap(lines)
const docLines: Text[] = docs.flatMap((file) => lines({ file, line: 1, text: readFileSync(file, 'utf8') }))

const anchorCache = new Map<string, Set<string>>()
const anchorsIn = (file: string) => {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(path.join(root, file), 'utf8')))
  return anchorCache.get(file)!
}

const where = (t: Text) => `${t.file}:${t.line}`

/** `docs/x.md#a` (or `docs/x.md` alone) anywhere in a comment or a doc: the file exists and offers the anchor. */
function brokenDocCitations(texts: Text[]): string[] {
  return texts.flatMap((t) =>
    [...t.text.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g)].flatMap((m) => {
      const target = `docs/${m[1]}`
      if (!existsSync(path.join(root, target))) return [`${where(t)}: ${m[0]}: no such file`]
      if (m[2] && !anchorsIn(target).has(m[2])) return [`${where(t)}: ${m[0]}: no such heading or anchor`]
      return []
    }),
  )
}

/** Markdown links between files (`[x](other.md#a)`, `[x](#a)`, `[x](../lib/y.ts)`), relative to the doc. */
function brokenMarkdownLinks(texts: Text[]): string[] {
  return texts.flatMap((t) =>
    [...t.text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap((m) => {
      const link = m[1]!
      if (/^[a-z]+:/i.test(link)) return []
      const [target, anchor] = link.split('#')
      const file = target ? path.normalize(path.join(path.dirname(t.file), target)) : t.file
      if (!existsSync(path.join(root, file))) return [`${where(t)}: ${link}: no such file`]
      if (anchor && file.endsWith('.md') && !anchorsIn(file).has(anchor))
        return [`${where(t)}: ${link}: no such heading or anchor`]
      return []
    }),
  )
}

const placeholder = /[<>…*{}$|]|\.\.\.(?!path\])/
const pathExists = (candidate: string) =>
  ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx'].some((ext) => existsSync(path.join(root, candidate + ext)))

/**
 * Repository paths named in a comment or a doc: any backticked one that starts with a folder or file at the top of the
 * repository (`proxy.ts`, `lib/http/client.ts`, `server/db/`), and a bare one that starts with a top folder and a
 * slash (server/auth/load-actor.ts). One with a placeholder (`<f>`, `…`, `*`, `${`) is a pattern, not a path, and is
 * skipped; a module path without its extension (an import) may name a `.ts`/`.tsx` file or a folder's index.
 */
function brokenRepoPaths(texts: Text[]): string[] {
  const folders = [...topLevel].filter((name) => !name.includes('.') || name === '.ci').map((name) => name.replace('.', '\\.'))
  const bare = new RegExp(
    `(?<![\\w./@~=\`-])((?:${folders.join('|')})/(?:\\[\\[?(?:\\.\\.\\.)?\\w+\\]\\]?|[\\w.-])*(?:/(?:\\[\\[?(?:\\.\\.\\.)?\\w+\\]\\]?|[\\w.-])*)*)`,
    'g',
  )
  return texts.flatMap((t) => {
    const found: string[] = []
    for (const m of t.text.matchAll(/`([^`\s]+)`/g)) {
      const candidate = m[1]!.replace(/[#:].*$/, '').replace(/[.,;)]+$/, '')
      if (!candidate.includes('/') && !candidate.includes('.')) continue
      if (!topLevel.has(candidate.split('/')[0]!) || placeholder.test(candidate)) continue
      if (!pathExists(candidate)) found.push(`${where(t)}: ${m[1]}: no such file or folder`)
    }
    const prose = t.text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length))
    for (const m of prose.matchAll(bare)) {
      const after = prose[m.index + m[0].length] ?? ''
      const candidate = m[1]!.replace(/[.]+$/, '')
      if (placeholder.test(after) || placeholder.test(candidate)) continue
      if (!pathExists(candidate)) found.push(`${where(t)}: ${candidate}: no such file or folder`)
    }
    return found
  })
}

describe('githubSlug and anchorsOf', () => {
  it('makes the anchors GitHub makes', () => {
    expect(githubSlug('Import rules')).toBe('import-rules')
    expect(githubSlug('How long data is kept (retention)')).toBe('how-long-data-is-kept-retention')
    expect(githubSlug("The container's command")).toBe('the-containers-command')
    expect(githubSlug('CI: each thing proven once, on the real path, in 20 minutes')).toBe(
      'ci-each-thing-proven-once-on-the-real-path-in-20-minutes',
    )
    expect(githubSlug('6. Feature folder (features/<domain>)')).toBe('6-feature-folder-featuresdomain')
    expect(githubSlug('Authentication, cookies and XSRF')).toBe('authentication-cookies-and-xsrf')
    expect(githubSlug('Four-eyes — who approves')).toBe('four-eyes--who-approves')
    expect(githubSlug('snake_case stays')).toBe('snake_case-stays')
  })

  it('numbers repeated headings, reads explicit anchors, and ignores fenced code and inline marks', () => {
    const md = [
      '# Title',
      '## Lists',
      '## Lists',
      '```',
      '## Not a heading',
      '```',
      '<a id="ci"></a>',
      '## The `paths` helper',
      '## 6. Feature folder: `features/<domain>/`',
    ].join('\n')
    expect([...anchorsOf(md)].sort()).toEqual([
      '6-feature-folder-featuresdomain',
      'ci',
      'lists',
      'lists-1',
      'the-paths-helper',
      'title',
    ])
  })
})

describe('codeComments', () => {
  it('finds line and block comments, not what looks like one in a string, a template or a regular expression', () => {
    const source = [
      "const glob = 'features/**/*.ts' // a glob",
      'const url = `https://example.ng/${id /* inside */}/x` /* after */',
      'const re = /\\/\\/ not a comment/g.test(x) ? a / b : 0 // last',
    ].join('\n')
    expect(codeComments('x.ts', source).map((c) => [c.line, c.text])).toEqual([
      [1, '// a glob'],
      [2, '/* inside */'],
      [2, '/* after */'],
      [3, '// last'],
    ])
  })
})

describe('doc citations resolve', () => {
  it('finds the citations it checks (the scan itself works)', () => {
    expect(comments.length).toBeGreaterThan(1000)
    expect(docs).toContain('docs/README.md')
  })

  it('every docs/<file>.md#anchor in a comment or a doc names an existing heading', () => {
    expect(brokenDocCitations([...comments, ...docLines])).toEqual([])
  })

  it('every markdown link between files resolves, anchor included', () => {
    expect(brokenMarkdownLinks(docLines)).toEqual([])
  })

  it('every repository path in a comment or a doc exists', () => {
    expect(brokenRepoPaths([...comments, ...docLines])).toEqual([])
  })
})
