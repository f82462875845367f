import { authorizationDetailSchema } from '@/lib/contracts/authorizations'
import { getConfig } from '@/lib/config/env'
import { json } from '@/server/http/openapi'

/**
 * FOUR_EYES_CONFIG (default on): configuration changes (products, fees, deferral settings) are requested as PENDING
 * authorizations and applied by a second person's approval (docs/domain.md#authorizations); off, they apply at once.
 */
export const configNeedsFourEyes = () => getConfig().fourEyesConfig

/** The 202 answer of a configuration call under four-eyes. */
export const pendingConfigResponse = json(
  authorizationDetailSchema,
  'Accepted (FOUR_EYES_CONFIG on): a PENDING authorization holding the proposed change; nothing has changed yet',
)
