import { createHash } from 'node:crypto'
import JSZip from 'jszip'
import { GENESIS_HASH, hashAuditRow } from '@/server/audit/chain'
import type { CaseFileManifest } from './case-file'
import { publicKeyFingerprint, verifyEvidenceSignature } from './signing-key'

export interface CaseFileCheck {
  ok: boolean
  /** What was checked and held, one line each. */
  passed: string[]
  /** What does not match, one line each, naming the file, the row or the link. */
  problems: string[]
}

const OWN_FILES = new Set(['manifest.json', 'manifest.sig', 'public-key.pem'])

/**
 * `npm run evidence:verify FILE.zip` (docs/security.md#case-files): the manifest's signature (against the portal's
 * published key when given, else the key in the file, whose fingerprint the examiner compares with the published one),
 * every file's SHA-256 and size against the manifest, no file missing or unlisted, every audit row of the slice
 * against its own hash, and the chain links from the slice's first row to the manifest's head: each link's previous
 * hash is the hash before it, every slice row is one of the links, and the last link is the head.
 */
export async function verifyCaseFile(zipBytes: Uint8Array, options: { publicKeyPem?: string } = {}): Promise<CaseFileCheck> {
  const passed: string[] = []
  const problems: string[] = []
  const zip = await JSZip.loadAsync(zipBytes)
  const text = async (path: string) => zip.file(path)?.async('string')
  const manifestText = await text('manifest.json')
  const signature = (await text('manifest.sig'))?.trim()
  const embeddedKey = await text('public-key.pem')
  if (!manifestText || !signature) return { ok: false, passed, problems: ['manifest.json or manifest.sig is missing'] }

  const key = options.publicKeyPem ?? embeddedKey
  if (!key) problems.push('no public key: give --key or keep public-key.pem in the file')
  else if (verifyEvidenceSignature(Buffer.from(manifestText), signature, key))
    passed.push(
      `manifest.json is signed by the key ${publicKeyFingerprint(key)}${options.publicKeyPem ? ' (the key given)' : ' (the key in the file: compare it with the published one)'}`,
    )
  else problems.push('manifest.sig is not a signature of manifest.json by the key')

  const manifest = JSON.parse(manifestText) as CaseFileManifest
  const listed = new Set(manifest.files.map((f) => f.path))
  for (const entry of manifest.files) {
    const file = zip.file(entry.path)
    if (!file) {
      problems.push(`${entry.path}: listed in the manifest, missing from the file`)
      continue
    }
    const bytes = await file.async('uint8array')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    if (sha256 !== entry.sha256 || bytes.length !== entry.bytes)
      problems.push(
        `${entry.path}: SHA-256 ${sha256} (${bytes.length} bytes), the manifest says ${entry.sha256} (${entry.bytes} bytes)`,
      )
  }
  for (const path of Object.keys(zip.files))
    if (!zip.files[path]!.dir && !listed.has(path) && !OWN_FILES.has(path))
      problems.push(`${path}: in the file but not in the manifest`)
  passed.push(`${manifest.files.length} files against their SHA-256 in the manifest`)

  const sliceText = await text('audit/business.ndjson')
  const chainText = await text('audit/chain.ndjson')
  if (sliceText) {
    const rows = sliceText
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Parameters<typeof hashAuditRow>[0] & { seq: number; hash: string; createdAt: string })
    for (const row of rows)
      if (hashAuditRow({ ...row, createdAt: new Date(row.createdAt) }) !== row.hash)
        problems.push(`audit row ${row.seq}: its fields do not give its hash ${row.hash}`)
    passed.push(`${rows.length} audit rows of the business against their own hashes`)
    const links = (chainText ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { seq: number; prevHash: string; hash: string })
    const bySeq = new Map(links.map((l) => [l.seq, l]))
    for (const row of rows)
      if (bySeq.get(row.seq)?.hash !== row.hash) problems.push(`audit row ${row.seq}: not among the chain links with its hash`)
    let previous: string | null = null
    for (const link of links) {
      if (previous !== null && link.prevHash !== previous)
        problems.push(`chain link ${link.seq}: does not follow the one before it`)
      previous = link.hash
    }
    const head = manifest.chainHead
    if (links.length && head && (links.at(-1)!.seq !== head.seq || links.at(-1)!.hash !== head.hash))
      problems.push(`audit/chain.ndjson ends at ${links.at(-1)!.seq}, not at the manifest's head ${head.seq}`)
    if (rows.length && links[0]?.prevHash === GENESIS_HASH && links[0].seq !== 1)
      problems.push('the chain links start from the genesis hash at a row that is not the first')
    passed.push(`${links.length} chain links from the business's first audit row to the head ${head?.seq ?? '(none)'}`)
  }
  return { ok: problems.length === 0, passed, problems }
}
