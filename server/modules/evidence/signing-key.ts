import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'
import { getConfig } from '@/lib/config/env'

let cached: { source: string; privateKey: KeyObject; publicKey: KeyObject } | undefined

/** `EVIDENCE_SIGNING_KEY` (PKCS#8, PEM or base64 DER) as an Ed25519 key pair; generated under DATA_DIR when unset. */
function keys() {
  const source = getConfig().evidenceSigningKey
  if (cached?.source !== source) {
    const privateKey = source.includes('-----BEGIN')
      ? createPrivateKey(source)
      : createPrivateKey({ key: Buffer.from(source, 'base64'), format: 'der', type: 'pkcs8' })
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('EVIDENCE_SIGNING_KEY must be an Ed25519 private key')
    cached = { source, privateKey, publicKey: createPublicKey(privateKey) }
  }
  return cached
}

/** The public key examiners verify case files with, as PEM (SPKI). */
export function evidencePublicKeyPem(): string {
  return keys().publicKey.export({ type: 'spki', format: 'pem' }).toString()
}

/** SHA-256 of the public key's DER, hex: what a person compares to know two copies of the key are the same. */
export function publicKeyFingerprint(pem: string): string {
  return createHash('sha256')
    .update(createPublicKey(pem).export({ type: 'spki', format: 'der' }))
    .digest('hex')
}

/** The Ed25519 signature of `bytes`, base64. */
export function signEvidence(bytes: Uint8Array): string {
  return sign(null, bytes, keys().privateKey).toString('base64')
}

/** Whether `signature` (base64) is the signature of `bytes` by the key of `publicKeyPem`. */
export function verifyEvidenceSignature(bytes: Uint8Array, signature: string, publicKeyPem: string): boolean {
  try {
    return verify(null, bytes, createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}
