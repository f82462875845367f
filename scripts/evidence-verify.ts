import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { verifyCaseFile } from '@/server/modules/evidence/verify-case-file'

/**
 * `npm run evidence:verify -- FILE.zip [--key portal-key.pem]` (docs/security.md#case-files): checks a case file's
 * signature, every file against the manifest, and the audit slice against its hashes and the chain links to the head;
 * prints what held and exactly what does not match. Exit 0 when everything holds, 1 otherwise, 2 on a usage error.
 * Needs no database and no network: give `--key` the key published at /.well-known/kyc-evidence-key.pem.
 */
const { values, positionals } = parseArgs({ allowPositionals: true, options: { key: { type: 'string' } } })
const [file] = positionals
if (!file) {
  console.error('Usage: npm run evidence:verify -- FILE.zip [--key public-key.pem]')
  process.exit(2)
}
const result = await verifyCaseFile(readFileSync(file), values.key ? { publicKeyPem: readFileSync(values.key, 'utf8') } : {})
for (const line of result.passed) console.log(`ok       ${line}`)
for (const line of result.problems) console.log(`MISMATCH ${line}`)
console.log(result.ok ? `${file}: verified` : `${file}: ${result.problems.length} problem(s)`)
process.exit(result.ok ? 0 : 1)
