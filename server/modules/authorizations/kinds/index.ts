import type { AuthorizationType } from '@/lib/contracts/authorization-values'
import { deferralMaxDaysKind, deferrableMappingKind } from './deferrals'
import { feeCreateKind, feeUpdateKind } from './fees'
import type { AuthorizationKind } from './kind'
import { productCreateKind, productGoLiveKind, productUpdateKind } from './products'
import { roleCreateKind, roleUpdateKind } from './roles'
import { userCreateKind, userUpdateKind } from './users'
import { webhookCreateKind, webhookUpdateKind } from './webhooks'

/** Every type of authorization, each with its own record handling (kinds/kind.ts). */
const KINDS: Record<AuthorizationType, AuthorizationKind> = {
  ROLE_CREATE: roleCreateKind,
  ROLE_UPDATE: roleUpdateKind,
  USER_CREATE: userCreateKind,
  USER_UPDATE: userUpdateKind,
  PRODUCT_CREATE: productCreateKind,
  PRODUCT_UPDATE: productUpdateKind,
  PRODUCT_GO_LIVE: productGoLiveKind,
  FEE_CREATE: feeCreateKind,
  FEE_UPDATE: feeUpdateKind,
  DEFERRAL_MAX_DAYS: deferralMaxDaysKind,
  DEFERRABLE_MAPPING: deferrableMappingKind,
  WEBHOOK_CREATE: webhookCreateKind,
  WEBHOOK_UPDATE: webhookUpdateKind,
}

export function kindOf(type: AuthorizationType): AuthorizationKind {
  return KINDS[type]
}

export type { AuthorizationKind, DecisionActors } from './kind'
