import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'
import { permissionsInBusiness } from '../model/kyc-access'
import { KycPreview } from './kyc-preview'
import { NoBusinessChosen, type KycScreenProps } from './kyc-screen'

export interface KycPreviewScreenProps extends KycScreenProps {
  /** Ownership and control (another feature's), drawn by the page under the shareholders. */
  ownershipSlot?: (businessId: string) => ReactNode
}

/** /s/businesses/dashboard-details/kyc/preview-form for the chosen business. */
export function KycPreviewScreen(props: KycPreviewScreenProps) {
  const selected = useSelectedBusiness(props.account.businesses.map((b) => b.businessId))
  if (!selected.isReady) return <Skeleton count={4} label="Loading" />
  if (!selected.businessId) return <NoBusinessChosen invalid={selected.isInvalid} />
  return (
    <KycPreview
      key={selected.businessId}
      businessId={selected.businessId}
      permissions={permissionsInBusiness(props.account, props.permissions, selected.businessId)}
      ownership={props.ownershipSlot?.(selected.businessId)}
    />
  )
}
