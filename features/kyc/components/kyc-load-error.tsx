import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { describeError, getHttpStatus } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'

/** The KYC screens' business or KYC record failed to load: a 404 leads back to the businesses, anything else retries. */
export function KycLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (getHttpStatus(error) === 404) {
    return (
      <EmptyState
        title="We couldn't find this business"
        description="It does not exist, or you are no longer one of its users."
        action={
          <Link href={paths.business.list()} className={buttonClassName()}>
            Choose a business
          </Link>
        }
      />
    )
  }
  return <ErrorState title="Couldn't load the KYC" message={describeError(error)} onRetry={onRetry} />
}
