import { getConfig } from '@/lib/config/env'
import { createHttpProvider } from './http-provider'
import { manualReviewProvider } from './manual-review'
import type { KycProviderAdapter } from './types'

export type {
  CompanyLookupOutcome,
  CompanyRegistryRecord,
  KycProviderAdapter,
  ProviderOutcome,
  VerificationSubject,
} from './types'
export { manualReviewProvider } from './manual-review'
export { createHttpProvider } from './http-provider'

const globalForProvider = globalThis as unknown as { __kycProvider?: KycProviderAdapter }

/**
 * The configured provider adapter (`KYC_PROVIDER`): manual review by default, or Dojah's HTTP API
 * (http-provider.ts). One per process, so its circuit breaker sees every call.
 */
export function getKycProvider(): KycProviderAdapter {
  const config = getConfig().kycProvider
  if (config.name === 'manual') return manualReviewProvider
  globalForProvider.__kycProvider ??= createHttpProvider({
    baseUrl: config.url,
    appId: config.appId,
    secretKey: config.secretKey,
    timeoutMs: config.timeoutMs,
  })
  return globalForProvider.__kycProvider
}
