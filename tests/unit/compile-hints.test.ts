import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, hintFirstLoadScripts } from '../../scripts/lib/compile-hints'

let dir: string | undefined
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

function buildOutput(files: Record<string, string>, pages: Record<string, string[]>) {
  dir = mkdtempSync(join(tmpdir(), 'compile-hints-'))
  mkdirSync(join(dir, 'static', 'chunks'), { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  writeFileSync(join(dir, 'build-manifest.json'), JSON.stringify({ pages, lowPriorityFiles: [] }))
  return dir
}

describe('hintFirstLoadScripts', () => {
  it("starts every route's first-load script with the hint, once, and leaves styles and later chunks alone", () => {
    const next = buildOutput(
      {
        'static/chunks/app.js': 'self.app=1',
        'static/chunks/login.js': 'self.login=1',
        'static/chunks/shared.css': 'body{margin:0}',
        'static/chunks/lazy-screen.js': 'self.lazy=1',
      },
      {
        '/_app': ['static/chunks/app.js'],
        '/auth/login': ['static/chunks/login.js', 'static/chunks/shared.css', 'static/chunks/app.js'],
      },
    )
    expect(hintFirstLoadScripts(next)).toEqual({ hinted: 2, scripts: 2 })
    const read = (name: string) => readFileSync(join(next, 'static/chunks', name), 'utf8')
    expect(read('app.js')).toBe(`${COMPILE_HINT}self.app=1`)
    expect(read('login.js')).toBe(`${COMPILE_HINT}self.login=1`)
    expect(read('shared.css')).toBe('body{margin:0}')
    expect(read('lazy-screen.js')).toBe('self.lazy=1')

    expect(hintFirstLoadScripts(next)).toEqual({ hinted: 0, scripts: 2 })
    expect(read('app.js')).toBe(`${COMPILE_HINT}self.app=1`)
  })
})
