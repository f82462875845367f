import { Skeleton } from '@/components/ui/skeleton'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'
import { permissionsInBusiness } from '../model/kyc-access'
import type { LocationFieldsSlot } from './addresses-step'
import { NoBusinessChosen, type KycScreenProps } from './kyc-screen'
import { KycStepper } from './kyc-stepper'

/** /s/businesses/dashboard-details/kyc for the chosen business (`?businessId=`, else the one chosen in this tab). */
export function KycStepperScreen(props: KycScreenProps & { locationFields: LocationFieldsSlot }) {
  const selected = useSelectedBusiness(props.account.businesses.map((b) => b.businessId))
  if (!selected.isReady) return <Skeleton count={4} label="Loading" />
  if (!selected.businessId) return <NoBusinessChosen invalid={selected.isInvalid} />
  return (
    <KycStepper
      key={selected.businessId}
      businessId={selected.businessId}
      permissions={permissionsInBusiness(props.account, props.permissions, selected.businessId)}
      locationFields={props.locationFields}
    />
  )
}
