import type { Database } from '@/server/db/client'
import { crmAccounts } from '@/server/db/schema'

/** Demo mode: a few accounts in the built-in CRM directory, for "Start from a CRM account" (idempotent). */
export const DEMO_CRM_ACCOUNTS = [
  {
    externalRef: 'CRM-DEMO-001',
    name: 'Lekki Fresh Farms Ltd',
    regNo: 'RC1845520',
    typeHint: 'Private Limited Company',
    categoryHint: 'Agriculture and Agro-allied',
    addressLine1: '14 Admiralty Way',
    city: 'Lekki',
    state: 'Lagos',
    country: 'Nigeria',
    contactEmail: 'accounts@lekkifreshfarms.ng',
    contactPhone: '+2348031450021',
  },
  {
    externalRef: 'CRM-DEMO-002',
    name: 'Kano Textile Mills Plc',
    regNo: 'RC0412233',
    typeHint: 'Public Limited Company',
    categoryHint: 'Manufacturing',
    addressLine1: '2 Bompai Road',
    city: 'Kano',
    state: 'Kano',
    country: 'Nigeria',
    contactEmail: 'finance@kanotextile.ng',
    contactPhone: '+2348062214477',
  },
  {
    externalRef: 'CRM-DEMO-003',
    name: 'Port Harcourt Logistics Hub',
    regNo: 'BN2913348',
    typeHint: 'Business Name',
    categoryHint: null,
    addressLine1: '9 Trans-Amadi Road',
    city: 'Port Harcourt',
    state: 'Rivers',
    country: 'Nigeria',
    contactEmail: null,
    contactPhone: '+2348091234400',
  },
] as const

export async function seedDemoCrm(db: Database) {
  await db
    .insert(crmAccounts)
    .values(DEMO_CRM_ACCOUNTS.map((a) => ({ ...a })))
    .onConflictDoNothing({ target: crmAccounts.externalRef })
}
