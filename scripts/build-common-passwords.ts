import { readFileSync, writeFileSync } from 'node:fs'

/**
 * Writes server/auth/common-passwords.json: the 3,000 most common passwords, lower-cased, from the
 * frequency-ordered list of @zxcvbn-ts/language-common (MIT; built from leaked-password corpora).
 * Run after upgrading that package: `npx tsx scripts/build-common-passwords.ts`.
 */
const source = JSON.parse(readFileSync('node_modules/@zxcvbn-ts/language-common/src/passwords.json', 'utf8')) as string[]
const top = [...new Set(source.map((p) => p.toLowerCase()))].slice(0, 3000)
writeFileSync('server/auth/common-passwords.json', JSON.stringify(top) + '\n')
console.log(`wrote ${top.length} passwords`)
