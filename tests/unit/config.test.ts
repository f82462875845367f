import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '@/lib/config/env'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-config-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

const SECRET = 'x'.repeat(40)
const SMTP_URL = 'smtps://user:pass@smtp.example.com:465'
const EVIDENCE_SIGNING_KEY = 'MC4CAQAwBQYDK2VwBCIEINQfi9mw1uKycGwAJE62nwlNp8kqEZC3VvW3v1wiD36C'
const DATA_KEYS = {
  DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  DATA_INDEX_KEY: 'i'.repeat(40),
  EVIDENCE_SIGNING_KEY,
}

describe('configuration', () => {
  it('refuses to start in production without the secrets, naming each missing one', () => {
    expect(() => loadConfig({ APP_ENV: 'production', DATA_DIR: tempDir() })).toThrowError(
      new ConfigError('Refusing to start in production without JWT_SECRET and SESSION_SECRET (set JWT_SECRET, SESSION_SECRET)'),
    )
    expect(() => loadConfig({ APP_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET })).toThrow(/without SESSION_SECRET/)
  })

  it('starts in production with both secrets and uses the prod storage account', () => {
    const config = loadConfig({
      APP_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: SECRET,
      SESSION_SECRET: SECRET,
      SMTP_URL,
      ...DATA_KEYS,
    })
    expect(config.isProduction).toBe(true)
    expect(config.storage.accountName).toBe('prod')
  })

  it('writes JSON logs unless told pretty (npm run demo, npm run dev), and always JSON in production', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).logFormat).toBe('json')
    expect(loadConfig({ DATA_DIR: tempDir(), LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    const production = { APP_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, SESSION_SECRET: SECRET, SMTP_URL }
    expect(loadConfig({ ...production, ...DATA_KEYS, LOG_FORMAT: 'pretty' }).logFormat).toBe('json')
  })

  it('refuses to start in production without a mail transport, or with the demo users', () => {
    const production = { APP_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, SESSION_SECRET: SECRET }
    expect(() => loadConfig(production)).toThrowError(
      new ConfigError(
        'Refusing to start in production without a mail transport (set SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465)',
      ),
    )
    expect(() => loadConfig({ ...production, SMTP_URL, SEED_DEMO: 'true' })).toThrowError(
      new ConfigError(
        'Refusing to start in production with SEED_DEMO=true: demo users share a published password (unset SEED_DEMO)',
      ),
    )
    expect(loadConfig({ ...production, SMTP_URL, ...DATA_KEYS, ENABLE_DEV_OUTBOX: 'true' }).mail.devOutboxEnabled).toBe(false)
  })

  it('refuses to start in production without the key that signs case files (one for every instance)', () => {
    const production = { APP_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, SESSION_SECRET: SECRET, SMTP_URL }
    const { EVIDENCE_SIGNING_KEY: _key, ...withoutSigningKey } = DATA_KEYS
    expect(() => loadConfig({ ...production, ...withoutSigningKey })).toThrowError(
      new ConfigError(
        'Refusing to start in production without EVIDENCE_SIGNING_KEY: case files are signed with it and every instance must use the same one (see docs/security.md#case-files)',
      ),
    )
    expect(loadConfig({ ...production, ...DATA_KEYS }).isProduction).toBe(true)
  })

  it('refuses to start in production without the data encryption keys, and reads a key ring newest last', () => {
    const production = { APP_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, SESSION_SECRET: SECRET, SMTP_URL }
    expect(() => loadConfig(production)).toThrowError(
      new ConfigError(
        'Refusing to start in production without DATA_ENCRYPTION_KEYS and DATA_INDEX_KEY: identity numbers are encrypted at rest (set DATA_ENCRYPTION_KEYS, DATA_INDEX_KEY; see docs/data-protection.md)',
      ),
    )
    const two = `${DATA_KEYS.DATA_ENCRYPTION_KEYS}, k2:${Buffer.alloc(32, 2).toString('base64')}`
    const config = loadConfig({ ...production, ...DATA_KEYS, DATA_ENCRYPTION_KEYS: two })
    expect(config.dataEncryption.keys.map((k) => k.id)).toEqual(['k1', 'k2'])
    expect(config.dataEncryption.keys[1]!.key).toEqual(Buffer.alloc(32, 2))
    expect(() => loadConfig({ ...production, ...DATA_KEYS, DATA_ENCRYPTION_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /DATA_ENCRYPTION_KEYS: key k1 must be 32 bytes/,
    )
    expect(() => loadConfig({ ...production, ...DATA_KEYS, DATA_ENCRYPTION_KEYS: `${two},${two}` })).toThrow(/appears twice/)
  })

  it('outside production generates missing secrets once into DATA_DIR and reuses them', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir })
    const second = loadConfig({ DATA_DIR: dir })
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect(second.jwtSecret).toBe(first.jwtSecret)
    expect(second.sessionSecret).toBe(first.sessionSecret)
    expect(first.jwtSecret).not.toBe(first.sessionSecret)
    expect(readFileSync(join(dir, 'jwt_secret.secret'), 'utf8')).toBe(first.jwtSecret)
    expect(first.storage.accountName).toBe('test')
    expect(second.dataEncryption.keys).toEqual(first.dataEncryption.keys)
    expect(first.dataEncryption.keys[0]!.key).toHaveLength(32)
    expect(readFileSync(join(dir, 'data_encryption_keys.secret'), 'utf8')).toMatch(/^k1:/)
  })

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() })
    expect(config).toMatchObject({
      appEnv: 'development',
      port: 3000,
      databaseUrl: undefined,
      accessTokenTtlSeconds: 1800,
      sessionMaxSeconds: 8 * 3600,
      uploadMaxBytes: 5 * 1024 * 1024,
      demoPassword: 'Demo-Passw0rd!',
      seedDemo: false,
      apiBaseUrl: '/api/v1',
    })
    expect(config.storage).toMatchObject({ container: 'blob', azuritePort: 10000 })
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
  })

  it('trusts no proxy by default, reads TRUSTED_PROXIES, and refuses the old TRUST_PROXY=true naming its successor', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustedProxies.cidrs).toEqual([])
    expect(loadConfig({ DATA_DIR: tempDir(), TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).trustedProxies.cidrs).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
    ])
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUSTED_PROXIES: '10.0.0.0/40' })).toThrowError(
      new ConfigError(
        'Invalid configuration: TRUSTED_PROXIES: 10.0.0.0/40: the prefix length must be a whole number from 0 to 32',
      ),
    )
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY is no longer read.*TRUSTED_PROXIES/,
    )
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'false' }).trustedProxies.cidrs).toEqual([])
  })

  it('reads WEBHOOK_LOCAL_RECEIVERS outside production only: empty by default, refused at start in production', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).webhookLocalReceivers.cidrs).toEqual([])
    expect(loadConfig({ DATA_DIR: tempDir(), WEBHOOK_LOCAL_RECEIVERS: 'loopback' }).webhookLocalReceivers.cidrs).toEqual([
      '127.0.0.0/8',
      '::1/128',
    ])
    const production = { APP_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, SESSION_SECRET: SECRET, SMTP_URL }
    expect(() => loadConfig({ ...production, ...DATA_KEYS, WEBHOOK_LOCAL_RECEIVERS: '10.0.0.0/8' })).toThrow(
      /Refusing to start in production with WEBHOOK_LOCAL_RECEIVERS/,
    )
  })

  it('chooses the KYC provider: manual review by default, Dojah with its URL and credentials (both required)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).kycProvider).toEqual({ name: 'manual' })
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        KYC_PROVIDER: 'dojah',
        KYC_PROVIDER_URL: 'https://sandbox.dojah.io',
        KYC_PROVIDER_APP_ID: 'app',
        KYC_PROVIDER_SECRET: 'sk',
      }).kycProvider,
    ).toEqual({ name: 'dojah', url: 'https://sandbox.dojah.io', appId: 'app', secretKey: 'sk', timeoutMs: 10_000 })
    expect(() => loadConfig({ DATA_DIR: tempDir(), KYC_PROVIDER: 'dojah', KYC_PROVIDER_APP_ID: 'app' })).toThrowError(
      new ConfigError('Invalid configuration: KYC_PROVIDER=dojah needs KYC_PROVIDER_SECRET'),
    )
    expect(() => loadConfig({ DATA_DIR: tempDir(), KYC_PROVIDER: 'smileid' })).toThrow(/KYC_PROVIDER/)
  })
})

describe('migrations and shutdown settings', () => {
  it('migrates at start unless MIGRATE_ON_START is false, and bounds the shutdown drain', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() })
    expect(defaults).toMatchObject({ migrateOnStart: true, shutdownTimeoutMs: 25_000, manualSignalHandling: false })
    const image = loadConfig({
      DATA_DIR: tempDir(),
      MIGRATE_ON_START: 'false',
      SHUTDOWN_TIMEOUT_MS: '5000',
      NEXT_MANUAL_SIG_HANDLE: 'true',
    })
    expect(image).toMatchObject({ migrateOnStart: false, shutdownTimeoutMs: 5_000, manualSignalHandling: true })
  })

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/)
  })
})
