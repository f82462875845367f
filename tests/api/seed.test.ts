import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS } from '@/lib/permissions/names'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { verifyPassword } from '@/server/auth/password'
import { getDb } from '@/server/db/client'
import {
  audits,
  businesses,
  businessUsers,
  governmentRepresentatives,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '@/server/db/schema'
import { seed } from '@/server/seed'
import { DEMO_OWNERS } from '@/server/seed/demo-businesses'
import { DEMO_USERS } from '@/server/seed/demo-users'

async function counts() {
  const db = await getDb()
  return {
    permissions: await db.$count(permissions),
    roles: await db.$count(roles),
    rolePermissions: await db.$count(rolePermissions),
    users: await db.$count(users),
    userRoles: await db.$count(userRoles),
    audits: await db.$count(audits),
    businesses: await db.$count(businesses),
    businessUsers: await db.$count(businessUsers),
  }
}

describe('seed', () => {
  it('always has every permission and the system roles with their permissions', async () => {
    const db = await getDb()
    const names = (await db.select({ name: permissions.name }).from(permissions)).map((p) => p.name)
    expect(names.sort()).toEqual([...ALL_PERMISSIONS].sort())
    for (const role of SYSTEM_ROLES) {
      const held = await db
        .select({ name: permissions.name })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(roles.name, role.name))
      expect(held.map((h) => h.name).sort(), role.name).toEqual([...role.permissions].sort())
    }
  })

  it('seeds demo users once; running it again changes nothing', async () => {
    const db = await getDb()
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    const first = await counts()
    const audited = await db.select().from(audits).where(eq(audits.action, 'SEED_DEMO_USER'))
    expect(audited).toHaveLength(DEMO_USERS.length + DEMO_OWNERS.length)
    expect(await db.$count(audits, eq(audits.action, 'SEED_DEMO_BUSINESS'))).toBe(30)
    const owner = await db.query.users.findFirst({ where: eq(users.email, 'owner@example.com') })
    expect(await db.$count(businessUsers, eq(businessUsers.userId, owner!.id))).toBe(2)
    // A demo entity's representative is its contact person.
    const { firstName, lastName, position, email, phone } = governmentRepresentatives
    const representatives = await db
      .select({ firstName, lastName, position, email, phone })
      .from(governmentRepresentatives)
      .orderBy(email)
    expect(representatives).toEqual([
      {
        firstName: 'Folake',
        lastName: 'Adeyemi',
        position: 'Head, E-Collections',
        email: 'folake.adeyemi@lirs.example.gov.ng',
        phone: '+2348091230003',
      },
      {
        firstName: 'Halima',
        lastName: 'Bello',
        position: 'Director, Collections',
        email: 'halima.bello@firs.example.gov.ng',
        phone: '+2348091230001',
      },
    ])

    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    await seed(db, { demo: false, demoPassword: 'ignored' })
    expect(await counts()).toEqual(first)

    const superadmin = await db.query.users.findFirst({ where: eq(users.email, 'superadmin@example.com') })
    expect(superadmin?.status).toBe('ACTIVE')
    expect(await verifyPassword(superadmin!.passwordHash!, 'Demo-Passw0rd!')).toBe(true)
    expect(superadmin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

    const approvers = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, 'APPROVER'))
      .orderBy(users.email)
    expect(approvers.map((r) => r.email)).toEqual(['approver2@example.com', 'approver@example.com'])

    // The demo's KYC analyst records verification results.
    const analysts = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, 'KYC_ANALYST'))
    expect(analysts.map((r) => r.email)).toEqual(['analyst@example.com'])
  }, 120_000) // the whole demo seed, twice

  it('gives a database made before the KYC analyst the role, and the demo its analyst, on the next start', async () => {
    const db = await getDb()
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!', shippedLists: false })
    // As a database seeded before the role existed: no KYC_ANALYST role, no analyst user.
    const [role] = await db.select().from(roles).where(eq(roles.name, 'KYC_ANALYST'))
    await db.delete(userRoles).where(eq(userRoles.roleId, role!.id))
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id))
    await db.delete(roles).where(eq(roles.id, role!.id))
    await db.delete(users).where(eq(users.email, 'analyst@example.com'))

    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!', shippedLists: false })
    const held = await db
      .select({ name: permissions.name, email: users.email })
      .from(roles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .leftJoin(userRoles, eq(userRoles.roleId, roles.id))
      .leftJoin(users, eq(users.id, userRoles.userId))
      .where(eq(roles.name, 'KYC_ANALYST'))
    expect([...new Set(held.map((h) => h.name))].sort()).toEqual(
      [...SYSTEM_ROLES.find((r) => r.name === 'KYC_ANALYST')!.permissions].sort(),
    )
    expect(new Set(held.map((h) => h.email))).toEqual(new Set(['analyst@example.com']))
  }, 120_000) // the whole demo seed, twice
})
