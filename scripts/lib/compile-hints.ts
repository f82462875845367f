import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with it has all its functions compiled eagerly, on the
 * background thread that streams the script in, instead of lazily on the main thread the first time each is called.
 * Other engines read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

interface BuildManifest {
  pages: Record<string, string[]>
}

/**
 * Marks the scripts a page loads before it hydrates (every route's first-load files in `.next/build-manifest.json`,
 * `/_app`'s included) with COMPILE_HINT: hydration calls most of their functions at once (React DOM, Next's client,
 * the shell, the page), and compiling them there was up to half of the longest main-thread task on Lighthouse's phone
 * (docs/architecture.md#first-paint). Chunks loaded later (`next/dynamic`, lazy screens) are left lazy. Run once
 * after `next build` and before the static files are copied anywhere; running it again changes nothing.
 */
export function hintFirstLoadScripts(nextDir: string): { hinted: number; scripts: number } {
  const manifest = JSON.parse(readFileSync(join(nextDir, 'build-manifest.json'), 'utf8')) as BuildManifest
  const scripts = new Set(Object.values(manifest.pages).flatMap((files) => files.filter((f) => f.endsWith('.js'))))
  let hinted = 0
  for (const file of scripts) {
    const path = join(nextDir, file)
    const source = readFileSync(path, 'utf8')
    if (source.startsWith(COMPILE_HINT)) continue
    writeFileSync(path, COMPILE_HINT + source)
    hinted++
  }
  return { hinted, scripts: scripts.size }
}
