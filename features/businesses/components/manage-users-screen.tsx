import { Skeleton } from '@/components/ui/skeleton'
import { NoBusinessChosen, useBusinessContext, type BusinessScreenProps } from './business-screen-context'
import { ManageBusinessUsers } from './manage-business-users'

/** /s/businesses/manage-users: the users of the chosen business. */
export function ManageUsersScreen(props: BusinessScreenProps) {
  const { selected, allowed } = useBusinessContext(props)
  if (!selected.isReady) return <Skeleton count={4} label="Loading the users" />
  if (!selected.businessId) return <NoBusinessChosen selected={selected} />
  return (
    <ManageBusinessUsers
      key={selected.businessId}
      businessId={selected.businessId}
      permissions={allowed}
      currentUserId={props.account.id}
    />
  )
}
