import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies'

/**
 * The one place that reads the environment. Everything else asks `getConfig()`.
 * `.env.example` documents every variable parsed here.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

/** Like `booleanFromEnv`, but on unless set to false (or 0). */
const booleanFromEnvDefaultTrue = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0')

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional())
const secret = z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional())

const envSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // `pretty`: one short readable line per entry (npm run demo and npm run dev set it); production always writes JSON.
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  MIGRATE_ON_START: booleanFromEnvDefaultTrue,
  // false: /health/ready does not wait for the warm-up (server/lifecycle/warm-up.ts); for measuring it (bench/first-requests.ts).
  READY_WARM_UP: booleanFromEnvDefaultTrue,
  // false: /api/v1 goes through Next's router as any other route (server/lifecycle/api-direct.ts); for comparing.
  API_DIRECT: booleanFromEnvDefaultTrue,
  ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  // Next's own switch (any non-empty value): set, Next leaves SIGTERM/SIGINT to the portal's graceful shutdown.
  NEXT_MANUAL_SIG_HANDLE: optionalString,
  JWT_SECRET: secret,
  SESSION_SECRET: secret,
  JWT_ISSUER: z.string().default('kyc-portal'),
  JWT_AUDIENCE: z.string().default('kyc-portal-api'),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(120).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  STAFF_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(20),
  // docs/security.md#second-factors: `required` by default in production, `optional` elsewhere.
  STAFF_MFA: z.enum(['required', 'optional']).optional(),
  // Single sign-on for staff (docs/security.md#single-sign-on): all of issuer, client id and secret, or none.
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_DISPLAY_NAME: z.string().default('your organisation'),
  // Comma-separated e-mail domains allowed to sign in through the identity provider (e.g. `bank.ng,bank.com`).
  OIDC_ALLOWED_DOMAINS: optionalString,
  // The ID token or userinfo claim listing the user's groups (Entra ID and Okta: `groups`; Keycloak: as mapped).
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
  // Identity-provider groups that propose a staff role (`kyc-approvers=APPROVER,kyc-auditors=AUDITOR`): a pending
  // four-eyes request, never a grant.
  OIDC_GROUP_ROLES: optionalString,
  API_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  UPLOAD_URL_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  SEED_DEMO: booleanFromEnv,
  // Off: the shipped UN and OFAC snapshot is not loaded at first start; lists come only through the import.
  SCREENING_SHIPPED_LISTS: booleanFromEnvDefaultTrue,
  // `npm run demo` sets it: demo staff get the demo authenticator secret (DEMO_TOTP_SECRET in server/seed/demo-users.ts).
  DEMO_STAFF_TOTP: booleanFromEnv,
  DEMO_PASSWORD: z.string().min(8).default('Demo-Passw0rd!'),
  AZURE_STORAGE_CONNECTION_STRING: optionalString,
  AZURE_STORAGE_ACCOUNT: z.preprocess(emptyAsUndefined, z.string().optional()),
  AZURE_STORAGE_KEY: optionalString,
  AZURE_STORAGE_CONTAINER: z.string().default('blob'),
  AZURITE_PORT: z.coerce.number().int().min(1).max(65535).default(10000),
  NEXT_PUBLIC_API_BASE_URL: z.string().default('/api/v1'),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ message: 'must be a URL such as smtps://user:pass@smtp.example.com:465' }).optional(),
  ),
  MAIL_FROM: z.string().default('KYC Portal <no-reply@kyc-portal.local>'),
  ENABLE_DEV_OUTBOX: booleanFromEnv,
  SUPPORT_EMAIL: z
    .email({ message: 'must be an e-mail address such as support@example.com' })
    .default('support@kyc-portal.local'),
  MARKETING_PROVIDER: z.enum(['database', 'segment'], { message: 'must be database or segment' }).default('database'),
  MARKETING_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be a URL such as https://api.segment.io (the batch call is POST {MARKETING_URL}/v1/batch)' })
      .optional(),
  ),
  MARKETING_WRITE_KEY: optionalString,
  MARKETING_FLUSH_AT: z.coerce.number().int().min(1).max(1000).default(20),
  MARKETING_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ message: 'must be a URL such as redis://cache.internal:6379' }).optional()),
  REDIS_KEY_PREFIX: z.string().max(100).default(''),
  TRUSTED_PROXIES: optionalString,
  WEBHOOK_LOCAL_RECEIVERS: optionalString,
  /** Replaced by TRUSTED_PROXIES; only read to refuse `true` with a message naming its successor. */
  TRUST_PROXY: booleanFromEnv,
  JOBS_FIRST_RUN_DELAY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).optional()),
  FOUR_EYES_CONFIG: booleanFromEnvDefaultTrue,
  RETENTION_INACTIVE_APPLICATION_DAYS: z.coerce.number().int().min(1).max(36500).default(90),
  RETENTION_DECLINED_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  RETENTION_ENDED_RELATIONSHIP_YEARS: z.coerce.number().int().min(1).max(100).default(5),
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10000).default(100),
  RETENTION_SUPPORT_INQUIRY_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  RETENTION_CRM_CONTACT_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  DATA_ENCRYPTION_KEYS: optionalString,
  DATA_INDEX_KEY: secret,
  DATA_INDEX_KEY_PREVIOUS: secret,
  // Case files (docs/security.md#case-files): the Ed25519 key that signs their manifests, PKCS#8 as PEM or base64 DER.
  EVIDENCE_SIGNING_KEY: optionalString,
  CRM_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['database', 'salesforce']).default('database')),
  CRM_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ message: 'must be a URL such as https://example.my.salesforce.com' }).optional(),
  ),
  CRM_CLIENT_ID: optionalString,
  CRM_CLIENT_SECRET: optionalString,
  EXTERNAL_PARTNER_SECRET: secret,
  EXTERNAL_PARTNER_ISSUER: z.string().min(1).default('external-partner'),
  EXTERNAL_PARTNER_ORIGINS: optionalString,
  KYC_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['manual', 'dojah']).default('manual')),
  KYC_PROVIDER_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.dojah.io')),
  KYC_PROVIDER_APP_ID: optionalString,
  KYC_PROVIDER_SECRET: optionalString,
  KYC_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // ClamAV's daemon, `host` or `host:port` (port 3310 by default); unset: uploads are not scanned (docs/security.md).
  CLAMAV_HOST: optionalString,
  CLAMAV_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
})

export type RawEnv = z.infer<typeof envSchema>

export interface AppConfig {
  appEnv: RawEnv['APP_ENV']
  isProduction: boolean
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  databasePoolMax: number
  logLevel: RawEnv['LOG_LEVEL']
  /** `json` (one object per line, for collectors) or `pretty` (a terminal); always `json` in production. */
  logFormat: RawEnv['LOG_FORMAT']
  /** Apply pending migrations when the process opens its database; false: refuse to start on a database behind. */
  migrateOnStart: boolean
  /** /health/ready waits for the warm-up (the main pages and calls loaded once, argon2 used once). */
  readyWarmUp: boolean
  /** Under next start / server.js, /api/v1 is handed to its page's handler past Next's router (server/lifecycle/api-direct.ts). */
  apiDirect: boolean
  /** How long a business's view or a staff list page may be answered from memory (server/db/answer-cache.ts); 0: never. */
  answerCacheMs: number
  /** SIGTERM/SIGINT: how long in-flight requests may take before their connections are cut (docs/architecture.md#shutdown). */
  shutdownTimeoutMs: number
  /**
   * SIGTERM/SIGINT: how long the instance keeps serving, `/health/ready` already answering 503, before it stops
   * accepting connections, so a load balancer polling readiness stops sending first (0: at once).
   */
  shutdownReadyDelayMs: number
  /** NEXT_MANUAL_SIG_HANDLE is set: the portal, not Next, handles SIGTERM and SIGINT. */
  manualSignalHandling: boolean
  jwtSecret: string
  sessionSecret: string
  jwtIssuer: string
  jwtAudience: string
  accessTokenTtlSeconds: number
  /** A staff session with no authenticated call for this long ends (spec section 9: 20 minutes). */
  staffIdleTimeoutMs: number
  /** Staff must hold a second factor (STAFF_MFA; required by default in production). */
  staffFactorRequired: boolean
  /** Single sign-on for staff with the bank's identity provider, when configured. */
  oidc: {
    issuer: string
    clientId: string
    clientSecret: string
    displayName: string
    /** Lower-cased; empty means no domain is allowed. */
    allowedDomains: string[]
    groupsClaim: string
    /** OIDC_GROUP_ROLES: an identity-provider group → the staff role it proposes (a pending authorization, never a grant). */
    groupRoles: { group: string; role: string }[]
  } | null
  sessionMaxSeconds: number
  apiBodyLimitBytes: number
  uploadMaxBytes: number
  /** How long an upload SAS URL stays valid. */
  uploadUrlTtlSeconds: number
  seedDemo: boolean
  /** Load the shipped screening snapshot at first start (docs/screening.md#lists). */
  screeningShippedLists: boolean
  demoPassword: string
  /** Demo staff are enrolled with the demo authenticator secret (never in production). */
  demoStaffTotp: boolean
  storage: {
    connectionString: string | undefined
    /** Spec: the storage area is `prod` on the production host and `test` elsewhere. */
    accountName: string
    accountKey: string | undefined
    container: string
    azuritePort: number
  }
  apiBaseUrl: string
  mail: {
    smtpUrl: string | undefined
    from: string
    /** GET /dev/outbox: never in production. */
    devOutboxEnabled: boolean
    /** Where support inquiries are e-mailed. */
    supportEmail: string
  }
  /** Where identify / track / contact calls go: the built-in table, or a Segment-compatible HTTP Tracking API. */
  marketing:
    { provider: 'database' } | { provider: 'segment'; url: string; writeKey: string; flushAt: number; flushIntervalMs: number }
  /** Throttle counters live here when set (several instances share them); in process memory otherwise. */
  redisUrl: string | undefined
  /** Put before every Redis key, so deployments (or test runs) can share one Redis database. */
  redisKeyPrefix: string
  /** Proxies whose X-Forwarded-For is believed for the client IP (docs/security.md#behind-a-proxy); empty: none. */
  trustedProxies: TrustedProxies
  /** How long after start the daily jobs first run (server/jobs); unset: each job's own delay (1 and 5 minutes). */
  jobsFirstRunDelayMs: number | undefined
  /**
   * Configuration changes (products, fees, deferral settings) go through four-eyes: the call answers 202 with a
   * PENDING authorization, and a second person's approval applies it (docs/domain.md#authorizations).
   */
  fourEyesConfig: boolean
  /**
   * WEBHOOK_LOCAL_RECEIVERS (never in production): non-public addresses a webhook may still reach, over http and on
   * any port, for a receiver under development (docs/security.md#webhooks). Empty: none.
   */
  webhookLocalReceivers: TrustedProxies
  /** How long the portal keeps what (NDPA storage limitation vs. the AML duty to keep KYC records); see docs/data-protection.md. */
  retention: {
    /** Drafts and applications never submitted: purged after this many days without activity. */
    inactiveApplicationDays: number
    /** Declined applications: purged this many days after the decision. */
    declinedDays: number
    /** Businesses whose relationship ended (archived): purged this many years after the end. */
    endedRelationshipYears: number
    /** Businesses (or drafts) purged per transaction. */
    batchSize: number
    /** Support inquiries (with their attachments): deleted this many days after they were sent. */
    supportInquiryDays: number
    /** A CRM account's contact e-mail and phone: removed when no import refreshed the account for this many days. */
    crmContactDays: number
  }
  /** Field encryption of identity numbers (server/crypto). */
  /** The Ed25519 private key signing case-file manifests: PKCS#8, PEM or base64 DER. */
  evidenceSigningKey: string
  dataEncryption: {
    /** Oldest first; the last one encrypts, every one decrypts. */
    keys: DataKey[]
    /** Key of the blind indexes (HMAC); separate from the data keys so rotating them never changes an index. */
    indexKey: string
    /**
     * While `npm run data:rotate-index-key` runs (DATA_INDEX_KEY_PREVIOUS): the old index key, so a search by
     * identity number also matches records not recomputed yet. Remove it once the rotation is done.
     */
    previousIndexKey?: string
  }
  /** The CRM directory behind `/crm/*` (server/integrations/crm): the built-in table, or Salesforce's REST API. */
  crm: { provider: 'database' } | { provider: 'salesforce'; url: string; clientId: string; clientSecret: string }
  /** A partner handing businesses over with a signed reference (docs/domain.md#external-business-handover); null when none. */
  externalPartner: {
    /** HS256 key shared with the partner. */
    secret: string
    /** The `iss` the partner puts in each reference. */
    issuer: string
    /** Origins a handover's return URL may point to (scheme://host[:port]). */
    allowedOrigins: string[]
  } | null
  /** The KYC verification provider (server/integrations/kyc-provider): manual review, or Dojah's HTTP API. */
  kycProvider: { name: 'manual' } | { name: 'dojah'; url: string; appId: string; secretKey: string; timeoutMs: number }
  /**
   * The ClamAV daemon every upload is scanned by before it is accepted (clamd's INSTREAM over TCP); null when
   * CLAMAV_HOST is unset: uploads are not scanned, and the staff screens say so.
   */
  malwareScanner: { host: string; port: number; timeoutMs: number } | null
}

export interface DataKey {
  id: string
  key: Buffer
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`).join('; ')
}

/** Outside production a missing secret is generated once and kept under DATA_DIR, so restarts keep sessions. */
function persistedSecret(dataDir: string, name: string, generate = () => randomBytes(48).toString('base64url')): string {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, `${name.toLowerCase()}.secret`)
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    const value = generate()
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, value)
      closeSync(fd)
      return value
    } catch {
      // Another process created it first: use theirs.
      return readFileSync(file, 'utf8').trim()
    }
  }
}

const DATA_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/

/**
 * `DATA_ENCRYPTION_KEYS`: comma-separated `keyId:base64key` pairs, oldest first, each key 32 bytes
 * (`openssl rand -base64 32`). The last one encrypts new values; all of them decrypt.
 */
export function parseDataKeys(value: string): DataKey[] {
  const seen = new Set<string>()
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':')
      const id = part.slice(0, colon)
      if (colon < 1 || !DATA_KEY_ID.test(id)) {
        throw new ConfigError(
          'Invalid configuration: DATA_ENCRYPTION_KEYS: each entry is keyId:base64key (id of A-Z a-z 0-9 _ -)',
        )
      }
      const key = Buffer.from(part.slice(colon + 1), 'base64')
      if (key.length !== 32) {
        throw new ConfigError(`Invalid configuration: DATA_ENCRYPTION_KEYS: key ${id} must be 32 bytes in base64`)
      }
      if (seen.has(id)) throw new ConfigError(`Invalid configuration: DATA_ENCRYPTION_KEYS: key id ${id} appears twice`)
      seen.add(id)
      return { id, key }
    })
  if (!keys.length) throw new ConfigError('Invalid configuration: DATA_ENCRYPTION_KEYS: no key given')
  return keys
}

export function loadConfig(env: Env = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`)
  const e = parsed.data
  const isProduction = e.APP_ENV === 'production'
  const dataDir = resolve(e.DATA_DIR)

  if (isProduction) {
    const missing = (['JWT_SECRET', 'SESSION_SECRET'] as const).filter((k) => !e[k])
    if (missing.length) {
      throw new ConfigError(`Refusing to start in production without ${missing.join(' and ')} (set ${missing.join(', ')})`)
    }
    // Without SMTP the outbox table and the log were the delivery, with reset codes and links in them.
    if (!e.SMTP_URL) {
      throw new ConfigError(
        'Refusing to start in production without a mail transport (set SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465)',
      )
    }
    if (e.SEED_DEMO) {
      throw new ConfigError(
        'Refusing to start in production with SEED_DEMO=true: demo users share a published password (unset SEED_DEMO)',
      )
    }
    const missingKeys = (['DATA_ENCRYPTION_KEYS', 'DATA_INDEX_KEY'] as const).filter((k) => !e[k])
    if (missingKeys.length) {
      throw new ConfigError(
        `Refusing to start in production without ${missingKeys.join(' and ')}: identity numbers are encrypted at rest (set ${missingKeys.join(', ')}; see docs/data-protection.md)`,
      )
    }
    // A key generated per instance would sign case files that another instance's published key does not verify.
    if (!e.EVIDENCE_SIGNING_KEY) {
      throw new ConfigError(
        'Refusing to start in production without EVIDENCE_SIGNING_KEY: case files are signed with it and every instance must use the same one (see docs/security.md#case-files)',
      )
    }
  }
  if (e.CRM_PROVIDER === 'salesforce') {
    const missingCrm = (['CRM_URL', 'CRM_CLIENT_ID', 'CRM_CLIENT_SECRET'] as const).filter((k) => !e[k])
    if (missingCrm.length) {
      throw new ConfigError(`Invalid configuration: CRM_PROVIDER=salesforce needs ${missingCrm.join(', ')}`)
    }
  }
  const partnerOrigins = parseOrigins(e.EXTERNAL_PARTNER_ORIGINS)
  const clamd = e.CLAMAV_HOST ? parseClamdAddress(e.CLAMAV_HOST) : null
  if (e.TRUST_PROXY) {
    throw new ConfigError(
      'TRUST_PROXY is no longer read: list the proxies whose X-Forwarded-For may be believed in TRUSTED_PROXIES (addresses or CIDR blocks, e.g. TRUSTED_PROXIES=10.0.0.0/8, or loopback for a proxy on the same host), and unset TRUST_PROXY',
    )
  }
  let trustedProxies: TrustedProxies
  try {
    trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES)
  } catch (error) {
    throw new ConfigError(`Invalid configuration: TRUSTED_PROXIES: ${(error as Error).message}`)
  }
  if (isProduction && e.WEBHOOK_LOCAL_RECEIVERS?.trim()) {
    throw new ConfigError(
      'Refusing to start in production with WEBHOOK_LOCAL_RECEIVERS: webhooks reach public addresses only there (unset it)',
    )
  }
  let webhookLocalReceivers: TrustedProxies
  try {
    webhookLocalReceivers = parseTrustedProxies(e.WEBHOOK_LOCAL_RECEIVERS)
  } catch (error) {
    throw new ConfigError(`Invalid configuration: WEBHOOK_LOCAL_RECEIVERS: ${(error as Error).message}`)
  }
  if (e.KYC_PROVIDER !== 'manual') {
    const missing = (['KYC_PROVIDER_APP_ID', 'KYC_PROVIDER_SECRET'] as const).filter((k) => !e[k])
    if (missing.length) {
      throw new ConfigError(`Invalid configuration: KYC_PROVIDER=${e.KYC_PROVIDER} needs ${missing.join(' and ')}`)
    }
  }
  if (e.MARKETING_PROVIDER === 'segment') {
    const missing = (['MARKETING_URL', 'MARKETING_WRITE_KEY'] as const).filter((k) => !e[k])
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration: MARKETING_PROVIDER=segment needs ${missing.join(' and ')} (the Tracking API's base URL and write key)`,
      )
    }
  }
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'JWT_SECRET')
  const sessionSecret = e.SESSION_SECRET ?? persistedSecret(dataDir, 'SESSION_SECRET')
  const dataKeys = parseDataKeys(
    e.DATA_ENCRYPTION_KEYS ?? persistedSecret(dataDir, 'DATA_ENCRYPTION_KEYS', () => `k1:${randomBytes(32).toString('base64')}`),
  )
  const dataIndexKey = e.DATA_INDEX_KEY ?? persistedSecret(dataDir, 'DATA_INDEX_KEY')
  const evidenceSigningKey =
    e.EVIDENCE_SIGNING_KEY ??
    persistedSecret(dataDir, 'EVIDENCE_SIGNING_KEY', () =>
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    )

  return {
    appEnv: e.APP_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    logFormat: isProduction ? 'json' : e.LOG_FORMAT,
    migrateOnStart: e.MIGRATE_ON_START,
    readyWarmUp: e.READY_WARM_UP,
    apiDirect: e.API_DIRECT,
    answerCacheMs: e.ANSWER_CACHE_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownReadyDelayMs: e.SHUTDOWN_READY_DELAY_MS,
    manualSignalHandling: !!e.NEXT_MANUAL_SIG_HANDLE,
    jwtSecret,
    sessionSecret,
    jwtIssuer: e.JWT_ISSUER,
    jwtAudience: e.JWT_AUDIENCE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_MINUTES * 60,
    sessionMaxSeconds: e.SESSION_MAX_HOURS * 3600,
    staffIdleTimeoutMs: e.STAFF_IDLE_TIMEOUT_MINUTES * 60_000,
    staffFactorRequired: (e.STAFF_MFA ?? (isProduction ? 'required' : 'optional')) === 'required',
    oidc: oidcConfig(e),
    apiBodyLimitBytes: e.API_BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_MINUTES * 60,
    seedDemo: e.SEED_DEMO,
    screeningShippedLists: e.SCREENING_SHIPPED_LISTS,
    demoPassword: e.DEMO_PASSWORD,
    demoStaffTotp: e.DEMO_STAFF_TOTP && !isProduction,
    storage: {
      connectionString: e.AZURE_STORAGE_CONNECTION_STRING,
      accountName: e.AZURE_STORAGE_ACCOUNT ?? (isProduction ? 'prod' : 'test'),
      accountKey: e.AZURE_STORAGE_KEY,
      container: e.AZURE_STORAGE_CONTAINER,
      azuritePort: e.AZURITE_PORT,
    },
    apiBaseUrl: e.NEXT_PUBLIC_API_BASE_URL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      devOutboxEnabled: e.ENABLE_DEV_OUTBOX && !isProduction,
      supportEmail: e.SUPPORT_EMAIL,
    },
    marketing:
      e.MARKETING_PROVIDER === 'segment'
        ? {
            provider: 'segment',
            url: e.MARKETING_URL!,
            writeKey: e.MARKETING_WRITE_KEY!,
            flushAt: e.MARKETING_FLUSH_AT,
            flushIntervalMs: e.MARKETING_FLUSH_INTERVAL_MS,
          }
        : { provider: 'database' },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustedProxies,
    jobsFirstRunDelayMs: e.JOBS_FIRST_RUN_DELAY_SECONDS === undefined ? undefined : e.JOBS_FIRST_RUN_DELAY_SECONDS * 1000,
    fourEyesConfig: e.FOUR_EYES_CONFIG,
    webhookLocalReceivers,
    retention: {
      inactiveApplicationDays: e.RETENTION_INACTIVE_APPLICATION_DAYS,
      declinedDays: e.RETENTION_DECLINED_DAYS,
      endedRelationshipYears: e.RETENTION_ENDED_RELATIONSHIP_YEARS,
      batchSize: e.RETENTION_BATCH_SIZE,
      supportInquiryDays: e.RETENTION_SUPPORT_INQUIRY_DAYS,
      crmContactDays: e.RETENTION_CRM_CONTACT_DAYS,
    },
    evidenceSigningKey,
    dataEncryption: { keys: dataKeys, indexKey: dataIndexKey, previousIndexKey: e.DATA_INDEX_KEY_PREVIOUS },
    crm:
      e.CRM_PROVIDER === 'salesforce'
        ? {
            provider: 'salesforce',
            url: e.CRM_URL!.replace(/\/+$/, ''),
            clientId: e.CRM_CLIENT_ID!,
            clientSecret: e.CRM_CLIENT_SECRET!,
          }
        : { provider: 'database' },
    externalPartner: e.EXTERNAL_PARTNER_SECRET
      ? { secret: e.EXTERNAL_PARTNER_SECRET, issuer: e.EXTERNAL_PARTNER_ISSUER, allowedOrigins: partnerOrigins }
      : null,
    kycProvider:
      e.KYC_PROVIDER === 'manual'
        ? { name: 'manual' }
        : {
            name: e.KYC_PROVIDER,
            url: e.KYC_PROVIDER_URL,
            appId: e.KYC_PROVIDER_APP_ID!,
            secretKey: e.KYC_PROVIDER_SECRET!,
            timeoutMs: e.KYC_PROVIDER_TIMEOUT_MS,
          },
    malwareScanner: clamd ? { ...clamd, timeoutMs: e.CLAMAV_TIMEOUT_MS } : null,
  }
}

/** clamd's default TCP port (clamd.conf `TCPSocket`). */
export const CLAMD_DEFAULT_PORT = 3310

/** `CLAMAV_HOST`: `host` or `host:port` (`clamav`, `10.0.0.5:3310`, `[::1]:3310`); the port defaults to 3310. */
export function parseClamdAddress(value: string): { host: string; port: number } {
  let url: URL
  try {
    url = new URL(`tcp://${value.trim()}`)
  } catch {
    url = new URL('tcp://invalid/path')
  }
  if (!url.hostname || url.username || url.password || url.pathname || url.search || url.hash) {
    throw new ConfigError(`Invalid configuration: CLAMAV_HOST: ${value} is not host or host:port (e.g. clamav or 127.0.0.1:3310)`)
  }
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : CLAMD_DEFAULT_PORT }
}

/** `EXTERNAL_PARTNER_ORIGINS`: comma-separated origins (`https://partner.example`); each must be a bare origin. */
export function parseOrigins(value: string | undefined): string[] {
  if (!value) return []
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let origin: string
      try {
        origin = new URL(part).origin
      } catch {
        throw new ConfigError(
          `Invalid configuration: EXTERNAL_PARTNER_ORIGINS: ${part} is not a URL origin such as https://partner.example`,
        )
      }
      if (origin === 'null' || origin !== part.replace(/\/+$/, '')) {
        throw new ConfigError(
          `Invalid configuration: EXTERNAL_PARTNER_ORIGINS: ${part} must be an origin only (scheme://host[:port])`,
        )
      }
      return origin
    })
}

const globalForConfig = globalThis as unknown as { __appConfig?: AppConfig }

/** Parsed once per process; a bad environment stops the process with a message naming the variable. */
export function getConfig(): AppConfig {
  globalForConfig.__appConfig ??= loadConfig()
  return globalForConfig.__appConfig
}

function oidcConfig(e: z.infer<typeof envSchema>): AppConfig['oidc'] {
  const parts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET]
  if (parts.every((part) => !part)) return null
  if (parts.some((part) => !part)) {
    throw new Error('Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (or none of them)')
  }
  return {
    issuer: e.OIDC_ISSUER!,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    displayName: e.OIDC_DISPLAY_NAME,
    allowedDomains: (e.OIDC_ALLOWED_DOMAINS ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
    groupsClaim: e.OIDC_GROUPS_CLAIM,
    groupRoles: groupRoles(e.OIDC_GROUP_ROLES),
  }
}

/** `group=ROLE,group2=ROLE2` (a group may appear twice to propose two roles); a malformed entry stops the start. */
function groupRoles(value: string | undefined): { group: string; role: string }[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf('=')
      const group = entry.slice(0, at).trim()
      const role = entry.slice(at + 1).trim()
      if (at <= 0 || !group || !role) throw new Error(`OIDC_GROUP_ROLES: "${entry}" is not group=ROLE`)
      return { group, role }
    })
}
