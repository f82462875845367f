/**
 * One presenter per status (docs/screens.md#statuses): every screen that shows a business's approval, its KYC, a
 * KYC step, a document requirement or a product application asks these for the label, tone, explanation and next
 * action, so no two screens word the same state differently.
 */
export * from './view'
export * from './business-status'
export * from './kyc-status'
export * from './document-status'
export * from './product-status'
