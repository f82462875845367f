import { and, eq, inArray, notInArray } from 'drizzle-orm'
import { ALL_PERMISSIONS } from '@/lib/permissions/names'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { hashPassword } from '@/server/auth/password'
import type { Database } from '@/server/db/client'
import {
  businessCategories,
  businessDivisions,
  businessTypes,
  permissions,
  rolePermissions,
  roles,
  userFactors,
  userRoles,
  users,
} from '@/server/db/schema'
import { seedKycServices } from '@/server/modules/fees/kyc-services'
import { seedRiskModel } from '@/server/modules/risk/risk-models'
import { seedScreeningLists } from '@/server/modules/screening/lists/list-catalogue'
import { seedShippedLists } from '@/server/modules/screening/lists/shipped-lists'
import { seedDemoBusinesses } from './demo-businesses'
import { seedDemoCrm } from './demo-crm'
import { seedDemoKyc } from './demo-kyc'
import { seedDemoKycDocuments } from './demo-kyc-documents'
import { seedDemoNotifications } from './demo-notifications'
import { seedDemoOperations } from './demo-operations'
import { seedProducts } from './demo-products'
import { seedDemoRegistryExtract } from './demo-registry'
import { seedDemoReview } from './demo-review'
import { seedDemoRisk } from './demo-risk'
import { seedDemoServiceLevels } from './demo-service-levels'
import { seedDemoStaffQueues } from './demo-staff-queues'
import { DEMO_FACTOR_NAME, DEMO_TOTP_SECRET, DEMO_USERS } from './demo-users'
import { seedDemoGovernment, seedGovernmentReference } from './government'
import { seedKycDocumentTypes } from './kyc-document-types'
import { BUSINESS_CATEGORIES, BUSINESS_DIVISIONS, BUSINESS_TYPES } from './reference-data'

export interface SeedOptions {
  demo: boolean
  demoPassword: string
  /** Demo staff get the demo authenticator secret (DEMO_STAFF_TOTP). */
  demoStaffTotp?: boolean
  /** Load the shipped screening snapshot when no version of it was ever loaded (default true; SCREENING_SHIPPED_LISTS). */
  shippedLists?: boolean
}

/**
 * Idempotent: every permission and the system roles always; demo users only in demo mode.
 * A second run finds everything in place and writes nothing (and so audits nothing).
 */
export async function seed(db: Database, options: SeedOptions): Promise<void> {
  await seedPermissionsAndRoles(db)
  await seedReferenceData(db)
  await seedKycDocumentTypes(db)
  await seedGovernmentReference(db)
  await seedRiskModel(db)
  if (options.shippedLists !== false) await seedShippedLists(db)
  else await seedScreeningLists(db)
  if (options.demo) await seedDemoUsers(db, options.demoPassword)
  if (options.demo && options.demoStaffTotp) await seedDemoStaffFactors(db)
  await seedProducts(db, { demo: options.demo })
  if (options.demo) await seedDemoKyc(db)
  if (options.demo) await seedDemoKycDocuments(db)
  if (options.demo) await seedDemoReview(db)
  if (options.demo) await seedDemoStaffQueues(db)
  if (options.demo) await seedDemoRisk(db)
  if (options.demo) await seedDemoRegistryExtract(db)
  if (options.demo) await seedDemoGovernment(db)
  if (options.demo) await seedDemoCrm(db)
  if (options.demo) await seedDemoServiceLevels(db)
  if (options.demo) await seedDemoNotifications(db)
  if (options.demo) await seedDemoOperations(db)
}

async function seedPermissionsAndRoles(db: Database) {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(ALL_PERMISSIONS.map((name) => ({ name })))
      .onConflictDoNothing({ target: permissions.name })
    const permissionIds = new Map(
      (await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((p) => [p.name, p.id]),
    )

    for (const role of SYSTEM_ROLES) {
      const [created] = await tx
        .insert(roles)
        .values({ name: role.name, scope: role.scope, description: role.description, isSystem: true })
        .onConflictDoNothing({ target: roles.name })
        .returning()
      const [row] = created ? [created] : await tx.select().from(roles).where(eq(roles.name, role.name))
      const wanted = role.permissions.map((name) => permissionIds.get(name)!)
      const removed = await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, row!.id), notInArray(rolePermissions.permissionId, wanted)))
        .returning()
      const added = await tx
        .insert(rolePermissions)
        .values(wanted.map((permissionId) => ({ roleId: row!.id, permissionId })))
        .onConflictDoNothing()
        .returning()
      if (created || removed.length || added.length) {
        await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
          resource: 'role',
          resourceId: row!.id,
          action: created ? 'SEED_CREATE' : 'SEED_SYNC_PERMISSIONS',
          after: { name: role.name, scope: role.scope, permissions: [...role.permissions] },
        })
      }
    }
  })
}

async function seedReferenceData(db: Database) {
  await db
    .insert(businessTypes)
    .values([...BUSINESS_TYPES])
    .onConflictDoNothing({ target: businessTypes.name })
  await db
    .insert(businessCategories)
    .values([...BUSINESS_CATEGORIES])
    .onConflictDoNothing({ target: businessCategories.name })
  await db
    .insert(businessDivisions)
    .values([...BUSINESS_DIVISIONS])
    .onConflictDoNothing({ target: businessDivisions.code })
  await seedKycServices(db)
}

async function seedDemoUsers(db: Database, password: string) {
  const emails = DEMO_USERS.map((u) => u.email)
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email),
  )
  const missing = DEMO_USERS.filter((u) => !existing.has(u.email))
  let hashed: Promise<string> | undefined
  // Hashing costs ~50 ms: only when something is actually created.
  const passwordHash = () => (hashed ??= hashPassword(password))
  await seedMissingDemoUsers(db, missing, passwordHash)
  await seedDemoBusinesses(db, passwordHash)
}

/** Every demo staff user without one gets the demo authenticator (confirmed), so signing in asks for its code. */
async function seedDemoStaffFactors(db: Database) {
  const staffEmails = DEMO_USERS.filter((u) => u.staffRole).map((u) => u.email)
  const staff = await db.select({ id: users.id }).from(users).where(inArray(users.email, staffEmails))
  const enrolled = new Set(
    (
      await db
        .select({ userId: userFactors.userId })
        .from(userFactors)
        .where(
          and(
            inArray(
              userFactors.userId,
              staff.map((s) => s.id),
            ),
            eq(userFactors.name, DEMO_FACTOR_NAME),
          ),
        )
    ).map((f) => f.userId),
  )
  const missing = staff.filter((s) => !enrolled.has(s.id))
  if (!missing.length) return
  await db.transaction(async (tx) => {
    for (const user of missing) {
      await tx.insert(userFactors).values({
        userId: user.id,
        kind: 'TOTP',
        name: DEMO_FACTOR_NAME,
        totpSecret: DEMO_TOTP_SECRET,
        confirmedAt: new Date(),
      })
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'user',
        resourceId: user.id,
        action: 'SEED_DEMO_FACTOR',
        after: { kind: 'TOTP', name: DEMO_FACTOR_NAME },
      })
    }
  })
}

async function seedMissingDemoUsers(db: Database, missing: typeof DEMO_USERS, hashOf: () => Promise<string>) {
  if (!missing.length) return
  const passwordHash = await hashOf()
  await db.transaction(async (tx) => {
    for (const demo of missing) {
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          firstName: demo.firstName,
          lastName: demo.lastName,
          phone: demo.phone,
          passwordHash,
          status: 'ACTIVE',
          iswStaff: demo.iswStaff,
        })
        .onConflictDoNothing({ target: users.email })
        .returning()
      if (!user) continue
      if (demo.staffRole) {
        const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, demo.staffRole))
        await tx.insert(userRoles).values({ userId: user.id, roleId: role!.id })
      }
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'user',
        resourceId: user.id,
        action: 'SEED_DEMO_USER',
        after: { email: user.email, staffRole: demo.staffRole ?? null, iswStaff: demo.iswStaff },
      })
    }
  })
}
