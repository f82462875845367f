import { PERMISSIONS as P } from '@/lib/permissions/names'

/**
 * Spec section 6 names no fee permission. Fee clients are business divisions, so reading fees, charges and their
 * reports needs CAN_READ_BUSINESS_DIVISION (product managers, auditors, super admins); configuring a fee is product
 * configuration: CAN_UPDATE_PRODUCT (the product manager "configures products, go-live and fees").
 */
export const FEE_READ = P.CAN_READ_BUSINESS_DIVISION
export const FEE_WRITE = P.CAN_UPDATE_PRODUCT
