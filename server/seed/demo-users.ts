import type { SystemRoleName } from '@/lib/permissions/roles'

export { DEMO_FACTOR_NAME, DEMO_TOTP_SECRET } from '@/server/auth/factors/demo-factor'

export interface DemoUser {
  email: string
  firstName: string
  lastName: string
  phone: string
  /** Staff role held globally; business users get their role per business when a business is created. */
  staffRole?: SystemRoleName
  iswStaff: boolean
}

/** Demo mode only (`npm run demo` or SEED_DEMO=true). Every one signs in with DEMO_PASSWORD. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'superadmin@example.com',
    firstName: 'Ngozi',
    lastName: 'Okafor',
    phone: '+2348030000001',
    staffRole: 'SUPER_ADMIN',
    iswStaff: false,
  },
  {
    email: 'officer@example.com',
    firstName: 'Tunde',
    lastName: 'Bakare',
    phone: '+2348030000002',
    staffRole: 'ONBOARDING_OFFICER',
    iswStaff: false,
  },
  {
    email: 'approver@example.com',
    firstName: 'Aisha',
    lastName: 'Bello',
    phone: '+2348030000003',
    staffRole: 'APPROVER',
    iswStaff: false,
  },
  // A payment-group approver: shows four-eyes with the first approver and the staff-restriction rule.
  {
    email: 'approver2@example.com',
    firstName: 'Chinedu',
    lastName: 'Eze',
    phone: '+2348030000004',
    staffRole: 'APPROVER',
    iswStaff: true,
  },
  // Gives the senior approval a high-risk business needs after an approver's (docs/risk.md#approval).
  {
    email: 'senior@example.com',
    firstName: 'Olumide',
    lastName: 'Adekunle',
    phone: '+2348030000011',
    staffRole: 'SENIOR_MANAGEMENT',
    iswStaff: false,
  },
  {
    email: 'analyst@example.com',
    firstName: 'Bola',
    lastName: 'Ogunleye',
    phone: '+2348030000010',
    staffRole: 'KYC_ANALYST',
    iswStaff: false,
  },
  {
    email: 'product@example.com',
    firstName: 'Funke',
    lastName: 'Adeyemi',
    phone: '+2348030000005',
    staffRole: 'PRODUCT_MANAGER',
    iswStaff: false,
  },
  {
    email: 'auditor@example.com',
    firstName: 'Ibrahim',
    lastName: 'Musa',
    phone: '+2348030000006',
    staffRole: 'AUDITOR',
    iswStaff: false,
  },
  {
    email: 'gov@example.com',
    firstName: 'Halima',
    lastName: 'Yusuf',
    phone: '+2348030000007',
    staffRole: 'GOVERNMENT_OFFICER',
    iswStaff: false,
  },
  {
    email: 'dpo@example.com',
    firstName: 'Kemi',
    lastName: 'Alabi',
    phone: '+2348030000009',
    staffRole: 'DATA_PROTECTION_OFFICER',
    iswStaff: false,
  },
  { email: 'owner@example.com', firstName: 'Emeka', lastName: 'Nwosu', phone: '+2348030000008', iswStaff: false },
]
