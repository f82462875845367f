// Moved to lib/session so other features (KYC) can use the chosen business too.
export { useSelectedBusiness, type SelectedBusiness, type SelectedBusinessSource } from '@/lib/session/use-selected-business'
