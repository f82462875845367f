import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { paths } from '@/lib/navigation/paths'

/** The parts of the signed-in account the KYC screens need (`GET /accounts/me` and its permissions). */
export interface KycScreenProps {
  account: { isStaff: boolean; businesses: readonly { businessId: string; permissions: readonly string[] }[] }
  permissions: readonly string[]
}

export function NoBusinessChosen({ invalid }: { invalid: boolean }) {
  return (
    <EmptyState
      title={invalid ? 'This link does not name a business' : 'Choose a business first'}
      description="Pick the business whose KYC you want to complete."
      action={
        <Link href={paths.business.list()} className={buttonClassName()}>
          Your businesses
        </Link>
      }
    />
  )
}
