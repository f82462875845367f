/** What each business-side permission lets a person do, in words, grouped as the roles page shows them. */
export const PERMISSION_GROUPS: readonly { title: string; permissions: readonly { name: string; label: string }[] }[] = [
  {
    title: 'The business',
    permissions: [
      { name: 'CAN_READ_BUSINESS', label: 'See the business and its dashboard' },
      { name: 'CAN_READ_USER_BUSINESS', label: 'See the businesses they belong to' },
      { name: 'CAN_UPDATE_BUSINESS', label: "Change the business's details" },
      { name: 'CAN_CREATE_BUSINESS', label: 'Register another business' },
      { name: 'CAN_READ_BUSINESS_DIVISION', label: 'See the divisions and their products' },
    ],
  },
  {
    title: 'KYC',
    permissions: [
      { name: 'CAN_CREATE_KYC_DETAIL', label: 'Add KYC details' },
      { name: 'CAN_UPDATE_KYC_DETAIL', label: 'Change KYC details' },
      { name: 'CAN_DELETE_KYC_DETAIL', label: 'Delete KYC details' },
      { name: 'CAN_CREATE_BUSINESS_ADDRESS', label: 'Add addresses' },
      { name: 'CAN_UPDATE_BUSINESS_ADDRESS', label: 'Change addresses' },
      { name: 'CAN_DELETE_BUSINESS_ADDRESS', label: 'Delete addresses' },
      { name: 'CAN_VERIFY_ADDRESS', label: 'Have addresses verified' },
      { name: 'CAN_CREATE_MEANS_OF_ID', label: 'Add means of ID' },
      { name: 'CAN_UPDATE_MEANS_OF_ID', label: 'Change means of ID' },
      { name: 'CAN_DELETE_MEANS_OF_ID', label: 'Delete means of ID' },
    ],
  },
  {
    title: 'Document deferrals',
    permissions: [
      { name: 'CAN_READ_DEFERRALS', label: 'See deferred documents' },
      { name: 'CAN_CREATE_DEFERRAL', label: 'Ask to hand in a document later' },
      { name: 'CAN_READ_DEFERRABLE_MAPPING', label: 'See which documents may be deferred' },
    ],
  },
  {
    title: 'Products',
    permissions: [
      { name: 'CAN_ONBOARD_BUSINESS_PRODUCT', label: 'Apply for products' },
      { name: 'CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT', label: "Answer a product's requirements" },
      { name: 'CAN_APPROVE_ONBOARDING_PRODUCT', label: 'Confirm product applications' },
      { name: 'CAN_REMOVE_ONBOARDED_PRODUCT', label: 'Withdraw product applications' },
    ],
  },
  {
    title: 'Users',
    permissions: [
      { name: 'CAN_READ_BUSINESS_USERS', label: "See the business's users" },
      { name: 'CAN_ADD_BUSINESS_USER', label: 'Invite users and answer access requests' },
      { name: 'CAN_UPDATE_BUSINESS_USERS', label: "Change users' roles, deactivate and reactivate them" },
      { name: 'CAN_DELETE_BUSINESS_USER', label: 'Remove users' },
    ],
  },
]

const LABELS = new Map(PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => [p.name, p.label] as const)))

/** The words for a permission; an unknown one is humanised (`CAN_READ_FOO_BAR` → "Read foo bar"). */
export function permissionLabel(name: string): string {
  const known = LABELS.get(name)
  if (known) return known
  const words = name.replace(/^CAN_/, '').replace(/_+/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
