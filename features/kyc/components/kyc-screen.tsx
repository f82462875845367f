import Link from 'next/link'
import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'
import type { LocationFieldsSlot } from './addresses-step'
import { permissionsInBusiness } from './kyc-access'
import { KYC_PATHS } from './kyc-paths'
import { KycPreview } from './kyc-preview'
import { KycStepper } from './kyc-stepper'

/** The parts of the signed-in account these screens need (`GET /accounts/me` and its permissions). */
export interface KycScreenProps {
  account: { isStaff: boolean; businesses: readonly { businessId: string; permissions: readonly string[] }[] }
  permissions: readonly string[]
}

function useChosenBusiness({ account }: KycScreenProps) {
  return useSelectedBusiness(account.businesses.map((b) => b.businessId))
}

function NoBusiness({ invalid }: { invalid: boolean }) {
  return (
    <EmptyState
      title={invalid ? 'This link does not name a business' : 'Choose a business first'}
      description="Pick the business whose KYC you want to complete."
      action={
        <Link href={KYC_PATHS.businesses} className={buttonClassName()}>
          Your businesses
        </Link>
      }
    />
  )
}

/** /s/businesses/dashboard-details/kyc for the chosen business (`?businessId=`, else the one chosen in this tab). */
export function KycStepperScreen(props: KycScreenProps & { locationFields: LocationFieldsSlot }) {
  const selected = useChosenBusiness(props)
  if (!selected.isReady) return <Skeleton count={4} label="Loading" />
  if (!selected.businessId) return <NoBusiness invalid={selected.isInvalid} />
  return (
    <KycStepper
      key={selected.businessId}
      businessId={selected.businessId}
      permissions={permissionsInBusiness(props.account, props.permissions, selected.businessId)}
      locationFields={props.locationFields}
    />
  )
}

/** /s/businesses/dashboard-details/kyc/preview-form for the chosen business. */
export function KycPreviewScreen(props: KycScreenProps) {
  const selected = useChosenBusiness(props)
  if (!selected.isReady) return <Skeleton count={4} label="Loading" />
  if (!selected.businessId) return <NoBusiness invalid={selected.isInvalid} />
  return <KycPreview key={selected.businessId} businessId={selected.businessId} permissions={permissionsInBusiness(props.account, props.permissions, selected.businessId)} />
}
