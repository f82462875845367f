import type { Permission } from '@/lib/permissions/names'

/** What each business-side permission lets a person do, in words, grouped as the roles page shows them. */
const LABELS_BY_GROUP: Record<string, Partial<Record<Permission, string>>> = {
  'The business': {
    CAN_READ_BUSINESS: 'See the business and its dashboard',
    CAN_READ_USER_BUSINESS: 'See the businesses they belong to',
    CAN_UPDATE_BUSINESS: "Change the business's details",
    CAN_CREATE_BUSINESS: 'Register another business',
    CAN_READ_BUSINESS_DIVISION: 'See the divisions and their products',
  },
  KYC: {
    CAN_CREATE_KYC_DETAIL: 'Add KYC details',
    CAN_UPDATE_KYC_DETAIL: 'Change KYC details',
    CAN_DELETE_KYC_DETAIL: 'Delete KYC details',
    CAN_CREATE_BUSINESS_ADDRESS: 'Add addresses',
    CAN_UPDATE_BUSINESS_ADDRESS: 'Change addresses',
    CAN_DELETE_BUSINESS_ADDRESS: 'Delete addresses',
    CAN_VERIFY_ADDRESS: 'Have addresses verified',
    CAN_CREATE_MEANS_OF_ID: 'Add means of ID',
    CAN_UPDATE_MEANS_OF_ID: 'Change means of ID',
    CAN_DELETE_MEANS_OF_ID: 'Delete means of ID',
  },
  'Document deferrals': {
    CAN_READ_DEFERRALS: 'See deferred documents',
    CAN_CREATE_DEFERRAL: 'Ask to hand in a document later',
    CAN_READ_DEFERRABLE_MAPPING: 'See which documents may be deferred',
  },
  Products: {
    CAN_ONBOARD_BUSINESS_PRODUCT: 'Apply for products',
    CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT: "Answer a product's requirements",
    CAN_APPROVE_ONBOARDING_PRODUCT: 'Confirm product applications',
    CAN_REMOVE_ONBOARDED_PRODUCT: 'Withdraw product applications',
  },
  Users: {
    CAN_READ_BUSINESS_USERS: "See the business's users",
    CAN_ADD_BUSINESS_USER: 'Invite users and answer access requests',
    CAN_UPDATE_BUSINESS_USERS: "Change users' roles, deactivate and reactivate them",
    CAN_DELETE_BUSINESS_USER: 'Remove users',
  },
}

export const PERMISSION_GROUPS: readonly { title: string; permissions: readonly { name: string; label: string }[] }[] =
  Object.entries(LABELS_BY_GROUP).map(([title, labels]) => ({
    title,
    permissions: Object.entries(labels).map(([name, label]) => ({ name, label })),
  }))

const LABELS = new Map(PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => [p.name, p.label] as const)))

/** The words for a permission; an unknown one is humanised (`CAN_READ_FOO_BAR` → "Read foo bar"). */
export function permissionLabel(name: string): string {
  const known = LABELS.get(name)
  if (known) return known
  const words = name.replace(/^CAN_/, '').replace(/_+/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
