import { useRouter } from 'next/router'
import { useEffect, useMemo, useState } from 'react'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { notify } from '@/components/ui/toasts'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import type { BusinessPrefill } from '@/features/businesses/components/create-business-form'
import type { CrmAccount } from '@/lib/contracts/crm'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { clearCrmFlow, getCrmFlow, setCrmFlow } from '@/lib/session/storage'

// The registration form of the business area, in its staff variant (owner's e-mail, invitation), loaded in parallel
// with the account as on /s/businesses/create-business.
const CreateBusinessForm = lazyScreen(
  () => import('@/features/businesses/components/create-business-form').then((m) => m.CreateBusinessForm),
  { count: 6, label: 'Loading the form' },
)
const LocationFields = lazyScreen(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields), {
  count: 2,
  label: 'Loading the location fields',
})
const CrmAccountPicker = lazyScreen(
  () => import('@/features/crm/components/crm-account-picker').then((m) => m.CrmAccountPicker),
  {
    count: 1,
    label: 'Loading the CRM search',
  },
)

/** The CRM account kept in `crmFlow` (JSON), or null when the flag holds no account. */
function storedCrmAccount(): CrmAccount | null {
  const raw = getCrmFlow()
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<CrmAccount> | null
    return value && typeof value.id === 'string' && typeof value.name === 'string' && value.address ? (value as CrmAccount) : null
  } catch {
    return null
  }
}

function toPrefill(account: CrmAccount): BusinessPrefill {
  return {
    name: account.name,
    regNo: account.regNo,
    typeName: account.typeHint,
    categoryName: account.categoryHint,
    email: account.email,
    phone: account.phone,
    address: account.address,
  }
}

/**
 * /s/admin/businesses/create: staff register a business for a customer, whose owner is invited by e-mail. The CRM
 * flow: starting from a CRM account sets `crmFlow` (the account, so a reload keeps it) and fills the form; leaving the
 * screen or registering the business ends it.
 */
export default function AdminCreateBusinessPage() {
  const router = useRouter()
  const [account, setAccount] = useState<CrmAccount | null>(null)
  useEffect(() => {
    setAccount(storedCrmAccount())
    return () => clearCrmFlow()
  }, [])
  const prefill = useMemo(() => (account ? toPrefill(account) : null), [account])

  return (
    <PortalPage
      title="Register a business for a customer"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_BUSINESS] })}
      preload={[CreateBusinessForm, LocationFields, CrmAccountPicker]}
    >
      <CrmAccountPicker
        chosen={account}
        onChoose={(chosen) => {
          setCrmFlow(JSON.stringify(chosen))
          setAccount(chosen)
        }}
        onClear={() => {
          clearCrmFlow()
          setAccount(null)
        }}
      />
      <CreateBusinessForm
        isStaff
        prefill={prefill}
        cancelHref={paths.admin.businesses()}
        locationFields={<LocationFields required={{ lga: false }} />}
        onCreated={async (business) => {
          clearCrmFlow()
          notify(`${business.name} is registered. Its owner has been invited by e-mail to complete the KYC.`, {
            type: 'success',
          })
          await router.push(paths.approvals.businessPreview(business.id))
        }}
      />
    </PortalPage>
  )
}
