import { useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { paths } from '@/lib/navigation/paths'
import sharedStyles from '@/styles/staff-screens.module.css'
import type { ApiQuery } from '../api/admin-business-queries'
import { downloadBusinessReport } from '../api/download-report'
import type { BusinessListVariant } from '../model/business-list-variants'

/** Above a staff business list: the CSV of what the filters select, and the list's own link (register, summary). */
export function BusinessListToolbar({
  variant,
  query,
  canCreate,
}: {
  variant: BusinessListVariant
  query: ApiQuery
  canCreate: boolean
}) {
  const [downloading, setDownloading] = useState(false)
  const download = async () => {
    setDownloading(true)
    try {
      await downloadBusinessReport(query)
    } catch {
      // The HTTP layer has already said what went wrong.
    } finally {
      setDownloading(false)
    }
  }

  return (
    <span className={sharedStyles.actions}>
      <Button
        variant="secondary"
        size="sm"
        loading={downloading}
        loadingText="Preparing the file…"
        onClick={() => void download()}
      >
        Download CSV
      </Button>
      {variant === 'all' && canCreate && (
        <Link href={paths.admin.createBusiness()} className={buttonClassName({ size: 'sm' })}>
          Register a business
        </Link>
      )}
      {variant === 'registered' && (
        <Link href={paths.admin.registeredSummary()} className={buttonClassName({ size: 'sm', variant: 'secondary' })}>
          Summary and charts
        </Link>
      )}
    </span>
  )
}
