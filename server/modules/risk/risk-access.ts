import { PERMISSIONS } from '@/lib/permissions/names'

/** Who reads a business's risk: staff who may read the business (docs/risk.md#api). */
export const RISK_READERS = [PERMISSIONS.CAN_READ_BUSINESS] as const
/** Who reads the model's versions and dry runs: readers of businesses and the model's managers. */
export const RISK_MODEL_READERS = [PERMISSIONS.CAN_READ_BUSINESS, PERMISSIONS.CAN_MANAGE_RISK_MODEL] as const
/** Who proposes a model version, asks its activation (four-eyes) and starts the recertification backfill. */
export const RISK_MODEL_MANAGERS = [PERMISSIONS.CAN_MANAGE_RISK_MODEL] as const
/** Who proposes a tier override (four-eyes). */
export const RISK_OVERRIDERS = [PERMISSIONS.CAN_OVERRIDE_RISK_TIER] as const
/** Who gives the senior approval of a HIGH business. */
export const HIGH_RISK_APPROVERS = [PERMISSIONS.CAN_APPROVE_HIGH_RISK] as const
