import { randomInt, randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { inject } from 'vitest'
import type { Permission } from '@/lib/permissions/names'
import type { SystemRoleName } from '@/lib/permissions/roles'
import { createApp } from '@/server/app'
import { createSession } from '@/server/auth/sessions'
import { mintAccessToken } from '@/server/auth/tokens'
import { getDb } from '@/server/db/client'
import {
  businessCategories,
  businesses,
  businessTypes,
  businessUsers,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '@/server/db/schema'
import { fileApiBaseUrl } from './api-server'
import { perFile } from './per-file'

/** The app in process, built on a file's first call with the environment the file has set by then. */
export const inProcessApp = perFile(() => createApp())

/** The kind of real server under test (API_TEST_SERVER), or null when the suite calls the app in process. */
export const apiServerKind = inject('apiServer')

/**
 * Calls the API as an HTTP client would (`path` is relative to /api/v1): over real HTTP to the server under test when
 * there is one (see tests/api/api-server.ts), else in process.
 */
export async function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Response> {
  const { token, json, headers, ...rest } = init
  const h = new Headers(headers)
  if (token) h.set('authorization', `Bearer ${token}`)
  if (json !== undefined) h.set('content-type', 'application/json')
  const request = { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body }
  if (apiServerKind) return fetch(`${await fileApiBaseUrl(apiServerKind)}${path}`, { redirect: 'manual', ...request })
  return inProcessApp().request(`/api/v1${path}`, request)
}

export async function roleId(name: string): Promise<string> {
  const db = await getDb()
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name))
  if (!role) throw new Error(`no role ${name}`)
  return role.id
}

/** A role made for one test, holding exactly these permissions. */
export async function createRole(options: { scope: 'staff' | 'business'; permissions: Permission[] }): Promise<string> {
  const db = await getDb()
  const [role] = await db
    .insert(roles)
    .values({ name: `TEST_${randomUUID()}`, scope: options.scope })
    .returning({ id: roles.id })
  if (options.permissions.length) {
    const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, options.permissions))
    await db.insert(rolePermissions).values(rows.map((p) => ({ roleId: role!.id, permissionId: p.id })))
  }
  return role!.id
}

export interface TestUserOptions {
  staffRole?: SystemRoleName
  staffPermissions?: Permission[]
  /** Business memberships: a business is created for each entry unless `businessId` is given. */
  businesses?: { businessId?: string; role?: SystemRoleName; permissions?: Permission[] }[]
  iswStaff?: boolean
  status?: 'ACTIVE' | 'DISABLED' | 'PENDING_ACTIVATION'
}

/** Seeds a user with the given roles and signs them in; returns the user, their business ids and a bearer token. */
export async function signedInUser(options: TestUserOptions = {}) {
  const db = await getDb()
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${randomUUID()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      status: options.status ?? 'ACTIVE',
      iswStaff: options.iswStaff ?? false,
    })
    .returning()
  if (options.staffRole) await db.insert(userRoles).values({ userId: user!.id, roleId: await roleId(options.staffRole) })
  if (options.staffPermissions) {
    await db
      .insert(userRoles)
      .values({ userId: user!.id, roleId: await createRole({ scope: 'staff', permissions: options.staffPermissions }) })
  }
  const businessIds: string[] = []
  for (const membership of options.businesses ?? []) {
    const businessId = membership.businessId ?? (await createTestBusiness({ createdBy: user!.id })).id
    const role = membership.permissions
      ? await createRole({ scope: 'business', permissions: membership.permissions })
      : await roleId(membership.role ?? 'BUSINESS_OWNER')
    await db.insert(businessUsers).values({ businessId, userId: user!.id, roleId: role })
    businessIds.push(businessId)
  }
  const session = await createSession({ db, userId: user!.id, passwordVerified: true })
  const { accessToken } = await mintAccessToken({ userId: user!.id, sessionId: session.id, sessionExpiresAt: session.expiresAt })
  return { user: user!, session, token: accessToken, businessIds }
}

export async function errorsOf(response: Response) {
  const body = (await response.json()) as { errors: { code: string; message: string; field?: string }[] }
  return body.errors
}

/** Every mail the portal sent to an address, newest first, read through the development outbox. */
export async function mailsTo(to: string) {
  const res = await api(`/dev/outbox?to=${encodeURIComponent(to)}`)
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`)
  return (await res.json()) as { template: string; subject: string; text: string }[]
}

/** The latest mail the portal sent to an address, read through the development outbox. */
export async function latestMail(to: string, template?: string) {
  return (await mailsTo(to)).find((m) => !template || m.template === template)
}

export function linkTokenFrom(text: string): string {
  const match = /activate\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`no activation link in: ${text}`)
  return decodeURIComponent(match[1]!)
}

/** A business row straight in the database (not through the API), with unique name and registration number. */
export async function createTestBusiness(overrides: Partial<typeof businesses.$inferInsert> = {}) {
  const db = await getDb()
  const [type] = await db.select({ id: businessTypes.id }).from(businessTypes).limit(1)
  const [category] = await db.select({ id: businessCategories.id }).from(businessCategories).limit(1)
  // Ten random digits: a counter per file repeats across the files one worker process runs, and pid + counter collided.
  const n = String(randomInt(1_000_000_000, 10_000_000_000))
  const [row] = await db
    .insert(businesses)
    .values({
      name: `Test Business ${randomUUID()}`,
      regNo: `RC${n}`.slice(0, 12),
      registrationClass: 'RC',
      typeId: type!.id,
      categoryId: category!.id,
      email: `biz${n}@example.ng`,
      phone: '+2348031234567',
      addressLine1: '12 Marina Road',
      country: 'Nigeria',
      state: 'Lagos',
      lga: 'Lagos Island',
      ...overrides,
    })
    .returning()
  return row!
}
