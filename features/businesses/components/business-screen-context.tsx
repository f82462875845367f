import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { paths } from '@/lib/navigation/paths'
import { permissionsInBusiness } from '../model/business-access'
import { useSelectedBusiness, type SelectedBusiness } from '../model/use-selected-business'

/** The parts of the signed-in account these screens need (`GET /accounts/me` and its permissions). */
export interface BusinessScreenProps {
  account: {
    id: string
    isStaff: boolean
    businesses: readonly { businessId: string; role: string; permissions: readonly string[] }[]
  }
  permissions: readonly string[]
}

export function useBusinessContext({ account, permissions }: BusinessScreenProps) {
  const selected = useSelectedBusiness(account.businesses.map((b) => b.businessId))
  const membership = account.businesses.find((b) => b.businessId === selected.businessId)
  return { selected, allowed: permissionsInBusiness({ membership, isStaff: account.isStaff, permissions }) }
}

export function NoBusinessChosen({ selected }: { selected: SelectedBusiness }) {
  return (
    <EmptyState
      title={selected.isInvalid ? 'This link does not name a business' : 'Choose a business first'}
      description="Pick one of your businesses, or register one."
      action={
        <Link href={paths.business.list()} className={buttonClassName()}>
          Your businesses
        </Link>
      }
    />
  )
}
