import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PERMISSIONS as P, type Permission } from '@/lib/permissions/names'
import { getDb } from '@/server/db/client'
import { audits, authorizations, permissions, rolePermissions, roles, users } from '@/server/db/schema'
import { api, createRole, errorsOf, latestMail, roleId, signedInUser } from './helpers'

type Json = Record<string, unknown>
type Authorization = {
  id: string
  status: string
  type: string
  resourceId: string | null
  target: string
  maker: { id: string }
  checker: { id: string } | null
  stale: boolean
  diff: { field: string; before: unknown; after: unknown; added: string[]; removed: string[] }[]
}
type Role = {
  id: string
  name: string
  permissions: string[]
  scope: string
  isSystem: boolean
  pendingAuthorizationId: string | null
}
type StaffUser = { id: string; email: string; status: string; roles: { id: string; name: string }[] }
type Page<T> = { content: T[]; totalElements: number }

const ADMIN: Permission[] = [
  P.CAN_READ_ROLE,
  P.CAN_CREATE_ROLE,
  P.CAN_UPDATE_ROLE,
  P.CAN_READ_PERMISSION,
  P.CAN_READ_USER,
  P.CAN_CREATE_USER,
  P.CAN_UPDATE_USER,
  P.CAN_READ_AUTHORIZATION,
  P.CAN_UPDATE_AUTHORIZATION,
]

let maker: Awaited<ReturnType<typeof signedInUser>>
let checker: Awaited<ReturnType<typeof signedInUser>>
let secondChecker: Awaited<ReturnType<typeof signedInUser>>
let requester: Awaited<ReturnType<typeof signedInUser>>
let outsider: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  ;[maker, checker, secondChecker, requester, outsider] = await Promise.all([
    signedInUser({ staffPermissions: ADMIN }),
    signedInUser({ staffPermissions: ADMIN }),
    signedInUser({ staffPermissions: ADMIN }),
    // May request changes but neither read every authorization nor decide.
    signedInUser({ staffPermissions: [P.CAN_READ_ROLE, P.CAN_CREATE_ROLE, P.CAN_UPDATE_ROLE, P.CAN_READ_USER] }),
    // Neither manages roles or users nor requests configuration changes.
    signedInUser({ staffRole: 'GOVERNMENT_OFFICER' }),
  ])
})

let counter = 0
const uniqueName = (prefix = 'Role') => `${prefix} ${Date.now().toString(36)} ${++counter}`

const requestRole = (token: string, json: Json) => api('/roles', { method: 'POST', token, json })
const decide = (id: string, token: string, json: Json) => api(`/authorizations/${id}`, { method: 'PUT', token, json })
const readJson = async <T>(res: Response) => (await res.json()) as T

async function findRoleByName(name: string) {
  const res = await api(`/roles?search=${encodeURIComponent(name)}`, { token: checker.token })
  expect(res.status).toBe(200)
  return (await readJson<Role[]>(res)).find((r) => r.name === name)
}

async function roleRecord(id: string) {
  const db = await getDb()
  const [role] = await db.select().from(roles).where(eq(roles.id, id))
  const held = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, id))
  return { role, permissions: held.map((p) => p.name).sort() }
}

async function auditsOf(resourceId: string) {
  const db = await getDb()
  return db.select().from(audits).where(eq(audits.resourceId, resourceId)).orderBy(audits.seq)
}

/** A staff role made straight in the database, for the update tests. */
async function customRole(perms: Permission[]) {
  const id = await createRole({ scope: 'staff', permissions: perms })
  const db = await getDb()
  const [role] = await db.select().from(roles).where(eq(roles.id, id))
  return role!
}

describe('permissions and roles (reads)', () => {
  it('lists every permission with a description, scope and area, grouped by area', async () => {
    const res = await api('/permissions', { token: requester.token })
    expect(res.status).toBe(200)
    const body = await readJson<{ permissions: Json[]; areas: { area: string; permissions: Json[] }[] }>(res)
    expect(body.permissions.find((p) => p.name === P.CAN_CREATE_ROLE)).toMatchObject({
      description: 'Create role',
      scope: 'staff',
      area: 'Staff users and roles',
    })
    expect(body.permissions.find((p) => p.name === P.CAN_CREATE_KYC_DETAIL)).toMatchObject({ scope: 'business', area: 'KYC' })
    expect(body.areas.map((a) => a.area)).toContain('Products')
    expect(body.areas.flatMap((a) => a.permissions).length).toBe(body.permissions.length)
    expect(body.areas.find((a) => a.area === 'Other')).toBeUndefined()
    expect((await api('/permissions', { token: outsider.token })).status).toBe(403)
    expect((await api('/permissions')).status).toBe(401)
  })

  it('lists roles with their permissions, filtered by scope and search', async () => {
    const business = await readJson<Role[]>(await api('/roles?scope=business', { token: requester.token }))
    expect(business.map((r) => r.name)).toEqual(expect.arrayContaining(['BUSINESS_MEMBER', 'BUSINESS_OWNER']))
    expect(business.every((r) => r.scope === 'business')).toBe(true)
    const found = await readJson<Role[]>(await api('/roles?search=approv', { token: requester.token }))
    const approver = found.find((r) => r.name === 'APPROVER')!
    expect(approver.isSystem).toBe(true)
    expect(approver.permissions).toContain(P.CAN_UPDATE_AUTHORIZATION)
    expect(found.every((r) => /approv/i.test(`${r.name} ${(r as Json).description as string}`))).toBe(true)
    expect((await api('/roles?scope=nobody', { token: requester.token })).status).toBe(400)
    expect((await api('/roles', { token: outsider.token })).status).toBe(403)
  })
})

describe('maker-checker (in the style of Fineract MakercheckerTest)', () => {
  it('a create answers no record and one pending authorization; the maker cannot approve; a checker can and the role appears', async () => {
    const name = uniqueName()
    const res = await requestRole(maker.token, {
      name,
      description: 'Reads businesses',
      scope: 'staff',
      permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS],
    })
    expect(res.status).toBe(202)
    const pending = await readJson<Authorization>(res)
    expect(pending).toMatchObject({ status: 'PENDING', type: 'ROLE_CREATE', resourceId: null, target: name, checker: null })
    expect(pending.maker.id).toBe(maker.user.id)
    expect(pending.diff.find((d) => d.field === 'permissions')).toMatchObject({
      before: null,
      added: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS],
    })

    // No record yet, exactly one pending authorization for it.
    expect(await findRoleByName(name)).toBeUndefined()
    const db = await getDb()
    const rows = await db.select().from(authorizations).where(eq(authorizations.target, name))
    expect(rows.map((r) => r.status)).toEqual(['PENDING'])

    // The maker's approval fails, and changes nothing.
    const own = await decide(pending.id, maker.token, { decision: 'APPROVED' })
    expect(own.status).toBe(403)
    expect((await errorsOf(own))[0]!.code).toBe('FOUR_EYES')
    expect(await findRoleByName(name)).toBeUndefined()

    // A checker's succeeds and the role appears with its permissions.
    const approved = await decide(pending.id, checker.token, { decision: 'APPROVED', comment: 'Looks right' })
    expect(approved.status).toBe(200)
    const decided = await readJson<Authorization>(approved)
    expect(decided).toMatchObject({ status: 'APPROVED', checker: { id: checker.user.id } })
    const role = await findRoleByName(name)
    expect(role).toMatchObject({ scope: 'staff', isSystem: false, permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS] })
    expect(decided.resourceId).toBe(role!.id)

    // Request and decision audited, each by its actor, the decision naming both; the role's creation too.
    const trail = await auditsOf(pending.id)
    expect(trail.map((a) => [a.action, a.actorId])).toEqual([
      ['REQUEST', maker.user.id],
      ['APPROVE', checker.user.id],
    ])
    expect(trail[1]!.after).toMatchObject({ makerId: maker.user.id, checkerId: checker.user.id, status: 'APPROVED' })
    const created = await auditsOf(role!.id)
    expect(created.map((a) => [a.action, a.actorId])).toEqual([['CREATE', checker.user.id]])
    expect(created[0]!.after).toMatchObject({ makerId: maker.user.id, checkerId: checker.user.id, authorizationId: pending.id })

    // Decided once: deciding again is refused.
    const again = await decide(pending.id, secondChecker.token, { decision: 'DECLINED', comment: 'Too late' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]!.code).toBe('INVALID_STATE')
  })

  it('refuses a second pending request for the same record, and a name already taken', async () => {
    const name = uniqueName()
    const first = await requestRole(maker.token, { name, scope: 'staff', permissions: [P.CAN_READ_BUSINESS] })
    expect(first.status).toBe(202)
    const second = await requestRole(secondChecker.token, { name, scope: 'staff', permissions: [P.CAN_READ_USER] })
    expect(second.status).toBe(409)
    expect((await errorsOf(second))[0]!.message).toMatch(/already waiting/)
    const taken = await requestRole(maker.token, { name: 'approver', scope: 'staff', permissions: [P.CAN_READ_USER] })
    expect(taken.status).toBe(409)
    expect((await errorsOf(taken))[0]!.field).toBe('name')

    const role = await customRole([P.CAN_READ_BUSINESS])
    const update = (token: string) =>
      api(`/roles/${role.id}?reason=Needs%20deferrals`, {
        method: 'PUT',
        token,
        json: { name: role.name, permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS] },
      })
    expect((await update(maker.token)).status).toBe(202)
    const dup = await update(secondChecker.token)
    expect(dup.status).toBe(409)
    expect(
      (await readJson<Role[]>(await api(`/roles?search=${role.name}`, { token: maker.token })))[0]!.pendingAuthorizationId,
    ).not.toBeNull()
  })

  it('validates the proposal: reason required on update, known permissions, business roles hold only business permissions', async () => {
    const role = await customRole([P.CAN_READ_BUSINESS])
    const noReason = await api(`/roles/${role.id}`, {
      method: 'PUT',
      token: maker.token,
      json: { name: role.name, permissions: [P.CAN_READ_USER] },
    })
    expect(noReason.status).toBe(400)
    expect((await errorsOf(noReason))[0]!.field).toBe('reason')
    const unknown = await requestRole(maker.token, { name: uniqueName(), scope: 'staff', permissions: ['CAN_FLY'] })
    expect(unknown.status).toBe(400)
    const business = await requestRole(maker.token, {
      name: uniqueName(),
      scope: 'business',
      permissions: [P.CAN_APPROVE_BUSINESS],
    })
    expect(business.status).toBe(400)
    expect((await errorsOf(business))[0]).toMatchObject({ field: 'permissions' })
    const nothing = await api(`/roles/${role.id}?reason=no%20change`, {
      method: 'PUT',
      token: maker.token,
      json: { name: role.name, permissions: [P.CAN_READ_BUSINESS] },
    })
    expect(nothing.status).toBe(400)
    expect(
      (
        await api('/roles/00000000-0000-4000-8000-000000000000?reason=why', {
          method: 'PUT',
          token: maker.token,
          json: { name: 'Ghost role', permissions: [P.CAN_READ_USER] },
        })
      ).status,
    ).toBe(404)
    expect(
      (await requestRole(outsider.token, { name: uniqueName(), scope: 'staff', permissions: [P.CAN_READ_USER] })).status,
    ).toBe(403)
  })

  it('keeps system roles whole: no rename, no permission removed or added', async () => {
    const id = await roleId('APPROVER')
    const before = await roleRecord(id)
    const strip = await api(`/roles/${id}?reason=trim%20it`, {
      method: 'PUT',
      token: maker.token,
      json: { name: 'APPROVER', permissions: [P.CAN_READ_BUSINESS] },
    })
    expect(strip.status).toBe(400)
    const rename = await api(`/roles/${id}?reason=rename`, {
      method: 'PUT',
      token: maker.token,
      json: { name: 'CHECKER', permissions: before.permissions },
    })
    expect(rename.status).toBe(400)
    const described = await api(`/roles/${id}?reason=clearer%20words`, {
      method: 'PUT',
      token: maker.token,
      json: { name: 'APPROVER', description: 'Decides what others prepared', permissions: before.permissions },
    })
    expect(described.status).toBe(202)
    const auth = await readJson<Authorization>(described)
    expect(auth.diff.map((d) => d.field)).toEqual(['description'])
    expect((await decide(auth.id, maker.token, { decision: 'DECLINED', comment: 'Mine' })).status).toBe(403)
    expect((await decide(auth.id, checker.token, { decision: 'DECLINED', comment: 'Keep the old words' })).status).toBe(200)
    expect(await roleRecord(id)).toEqual(before)
  })
})

describe('role changes', () => {
  it('shows the diff, and a second checker approving applies the change', async () => {
    const role = await customRole([P.CAN_READ_BUSINESS, P.CAN_READ_USER])
    const res = await api(`/roles/${role.id}?reason=${encodeURIComponent('Deferrals instead of users')}`, {
      method: 'PUT',
      token: maker.token,
      json: { name: `${role.name} v2`, permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS] },
    })
    expect(res.status).toBe(202)
    const { id } = await readJson<Authorization>(res)
    const detail = await readJson<Authorization & { reason: string }>(
      await api(`/authorizations/${id}`, { token: checker.token }),
    )
    expect(detail.reason).toBe('Deferrals instead of users')
    expect(detail.stale).toBe(false)
    expect(detail.diff).toEqual([
      { field: 'name', label: 'Name', before: role.name, after: `${role.name} v2`, added: [], removed: [] },
      {
        field: 'permissions',
        label: 'Permissions',
        before: [P.CAN_READ_BUSINESS, P.CAN_READ_USER],
        after: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS],
        added: [P.CAN_READ_DEFERRALS],
        removed: [P.CAN_READ_USER],
      },
    ])
    // Nothing changed before the decision.
    expect((await roleRecord(role.id)).permissions).toEqual([P.CAN_READ_BUSINESS, P.CAN_READ_USER].sort())

    const approved = await decide(id, secondChecker.token, { decision: 'APPROVED' })
    expect(approved.status).toBe(200)
    const after = await roleRecord(role.id)
    expect(after.role!.name).toBe(`${role.name} v2`)
    expect(after.permissions).toEqual([P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS].sort())
    // A decided authorization keeps its diff against the record as it was.
    const kept = await readJson<Authorization>(await api(`/authorizations/${id}`, { token: checker.token }))
    expect(kept.diff.find((d) => d.field === 'permissions')!.removed).toEqual([P.CAN_READ_USER])
  })

  it('a decline leaves everything as it was; declining needs a comment', async () => {
    const role = await customRole([P.CAN_READ_BUSINESS])
    const before = await roleRecord(role.id)
    const res = await api(`/roles/${role.id}?reason=more`, {
      method: 'PUT',
      token: maker.token,
      json: { name: role.name, permissions: [P.CAN_READ_BUSINESS, P.CAN_AUDIT_SYSTEM] },
    })
    const { id } = await readJson<Authorization>(res)
    const bare = await decide(id, checker.token, { decision: 'DECLINED' })
    expect(bare.status).toBe(400)
    expect((await errorsOf(bare))[0]!.field).toBe('comment')
    const declined = await decide(id, checker.token, { decision: 'DECLINED', comment: 'Auditing is not for this team' })
    expect(declined.status).toBe(200)
    expect(await readJson<Authorization>(declined)).toMatchObject({
      status: 'DECLINED',
      comment: 'Auditing is not for this team',
    })
    expect(await roleRecord(role.id)).toEqual(before)
    const trail = await auditsOf(id)
    expect(trail.map((a) => a.action)).toEqual(['REQUEST', 'DECLINE'])
    expect(trail[1]!.after).toMatchObject({ makerId: maker.user.id, checkerId: checker.user.id })
    // Decided: a new request may follow.
    expect(
      (
        await api(`/roles/${role.id}?reason=again`, {
          method: 'PUT',
          token: maker.token,
          json: { name: role.name, permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_USER] },
        })
      ).status,
    ).toBe(202)
  })

  it('detects a stale request: the role changed since; approval answers 409 and marks it STALE', async () => {
    const role = await customRole([P.CAN_READ_BUSINESS])
    const res = await api(`/roles/${role.id}?reason=users%20too`, {
      method: 'PUT',
      token: maker.token,
      json: { name: role.name, permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_USER] },
    })
    const { id } = await readJson<Authorization>(res)
    // Someone changes the role another way (the seed, a migration) meanwhile.
    const db = await getDb()
    const [audit] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, P.CAN_AUDIT_SYSTEM))
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: audit!.id })
    const changed = await roleRecord(role.id)

    const detail = await readJson<Authorization>(await api(`/authorizations/${id}`, { token: checker.token }))
    expect(detail.stale).toBe(true)
    const approve = await decide(id, checker.token, { decision: 'APPROVED' })
    expect(approve.status).toBe(409)
    expect((await errorsOf(approve))[0]!.message).toMatch(/STALE/)
    expect(await roleRecord(role.id)).toEqual(changed)
    const [row] = await db.select().from(authorizations).where(eq(authorizations.id, id))
    expect(row!.status).toBe('STALE')
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['REQUEST', 'STALE'])
  })

  it('refuses to let someone add permissions to a role they hold, as maker or as checker', async () => {
    const role = await customRole([P.CAN_READ_BUSINESS])
    const holder = await signedInUser({ staffPermissions: ADMIN })
    const db = await getDb()
    const { userRoles } = await import('@/server/db/schema')
    await db.insert(userRoles).values({ userId: holder.user.id, roleId: role.id })
    const raise = { name: role.name, permissions: [P.CAN_READ_BUSINESS, P.CAN_APPROVE_BUSINESS] }
    const own = await api(`/roles/${role.id}?reason=mine`, { method: 'PUT', token: holder.token, json: raise })
    expect(own.status).toBe(403)
    const asked = await api(`/roles/${role.id}?reason=for%20them`, { method: 'PUT', token: maker.token, json: raise })
    expect(asked.status).toBe(202)
    const { id } = await readJson<Authorization>(asked)
    const byHolder = await decide(id, holder.token, { decision: 'APPROVED' })
    expect(byHolder.status).toBe(403)
    expect((await errorsOf(byHolder))[0]!.code).toBe('FOUR_EYES')
  })

  it('two checkers deciding at once: one wins, the other gets 409', async () => {
    const role = await customRole([P.CAN_READ_BUSINESS])
    const res = await api(`/roles/${role.id}?reason=race`, {
      method: 'PUT',
      token: maker.token,
      json: { name: role.name, permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_USER] },
    })
    const { id } = await readJson<Authorization>(res)
    const results = await Promise.all([
      decide(id, checker.token, { decision: 'APPROVED' }),
      decide(id, secondChecker.token, { decision: 'DECLINED', comment: 'No' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const trail = await auditsOf(id)
    expect(trail.filter((a) => a.action !== 'REQUEST')).toHaveLength(1)
  })
})

describe('authorization lists', () => {
  it('the checker sees pending first with filters; a requester sees only their own', async () => {
    const name = uniqueName('Mine')
    const mine = await readJson<Authorization>(
      await requestRole(requester.token, { name, scope: 'staff', permissions: [P.CAN_READ_USER] }),
    )
    const all = await readJson<Page<Authorization>>(await api('/authorizations/v2?pageSize=100', { token: checker.token }))
    const firstDecided = all.content.findIndex((a) => a.status !== 'PENDING')
    const lastPending = all.content.map((a) => a.status).lastIndexOf('PENDING')
    expect(firstDecided === -1 || lastPending < firstDecided).toBe(true)

    const filtered = await readJson<Page<Authorization>>(
      await api(`/authorizations/v2?status=PENDING&type=ROLE_CREATE&makerId=${requester.user.id}`, { token: checker.token }),
    )
    expect(filtered.content.map((a) => a.id)).toEqual([mine.id])
    const today = new Date().toISOString().slice(0, 10)
    const dated = await readJson<Page<Authorization>>(
      await api(`/authorizations/v2?makerId=${requester.user.id}&from=${today}&to=${today}`, { token: checker.token }),
    )
    expect(dated.totalElements).toBe(1)
    const before = await readJson<Page<Authorization>>(
      await api(`/authorizations/v2?makerId=${requester.user.id}&to=2000-01-01`, { token: checker.token }),
    )
    expect(before.totalElements).toBe(0)

    const own = await readJson<Page<Authorization>>(await api('/authorizations/v2?pageSize=100', { token: requester.token }))
    expect(own.content.length).toBeGreaterThan(0)
    expect(own.content.every((a) => a.maker.id === requester.user.id)).toBe(true)
    const others = all.content.find((a) => a.maker.id !== requester.user.id)!
    expect((await api(`/authorizations/${others.id}`, { token: requester.token })).status).toBe(404)
    expect((await api(`/authorizations/${mine.id}`, { token: requester.token })).status).toBe(200)
    expect((await decide(mine.id, requester.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await api('/authorizations/v2?status=MAYBE', { token: checker.token })).status).toBe(400)
    expect((await api('/authorizations/v2', { token: outsider.token })).status).toBe(403)
    // A product manager requests configuration changes (FOUR_EYES_CONFIG): they see their own, none of these.
    const productManager = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    const theirs = await readJson<Page<Authorization>>(await api('/authorizations/v2', { token: productManager.token }))
    expect(theirs.content).toEqual([])
    expect((await api(`/authorizations/${mine.id}`, { token: productManager.token })).status).toBe(404)
    expect((await api('/authorizations/not-an-id', { token: checker.token })).status).toBe(400)
  })
})

describe('staff users', () => {
  it('invites a staff user through an authorization: nothing until approved, then an account pending activation and a mail', async () => {
    const email = `staff-${Date.now()}@example.test`
    const roleIdOfficer = await roleId('ONBOARDING_OFFICER')
    const res = await api('/users', {
      method: 'POST',
      token: maker.token,
      json: { email, firstName: 'Ada', lastName: 'Obi', roleIds: [roleIdOfficer] },
    })
    expect(res.status).toBe(202)
    const pending = await readJson<Authorization>(res)
    expect(pending.diff.find((d) => d.field === 'roles')).toMatchObject({ after: ['ONBOARDING_OFFICER'] })
    const none = await readJson<Page<StaffUser>>(await api(`/users?search=${email}`, { token: checker.token }))
    expect(none.totalElements).toBe(0)
    expect((await decide(pending.id, maker.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide(pending.id, checker.token, { decision: 'APPROVED' })).status).toBe(200)

    const page = await readJson<Page<StaffUser>>(await api(`/users?search=${email}`, { token: checker.token }))
    expect(page.content).toHaveLength(1)
    const user = page.content[0]!
    expect(user).toMatchObject({
      email,
      status: 'PENDING_ACTIVATION',
      roles: [{ id: roleIdOfficer, name: 'ONBOARDING_OFFICER' }],
    })
    const mail = await latestMail(email, 'staff-invitation')
    const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    const accepted = await api('/accounts/accept-invitation', {
      method: 'POST',
      json: { token: decodeURIComponent(token), password: 'Correct-Horse-Battery-9' },
    })
    expect(accepted.status).toBe(200)
    expect((await readJson<StaffUser>(await api(`/users/${user.id}`, { token: checker.token }))).status).toBe('ACTIVE')
    expect(await readJson<Json>(await api(`/users/${user.id}/email`, { token: checker.token }))).toEqual({ id: user.id, email })
    const search = await readJson<StaffUser[]>(
      await api(`/users/search?searchKey=${encodeURIComponent('ada obi')}`, { token: checker.token }),
    )
    expect(search.map((u) => u.id)).toContain(user.id)

    const dup = await api('/users', {
      method: 'POST',
      token: maker.token,
      json: { email, firstName: 'A', lastName: 'B', roleIds: [roleIdOfficer] },
    })
    expect(dup.status).toBe(409)
    const businessRole = await api('/users', {
      method: 'POST',
      token: maker.token,
      json: { email: `x-${email}`, firstName: 'A', lastName: 'B', roleIds: [await roleId('BUSINESS_OWNER')] },
    })
    expect(businessRole.status).toBe(400)
  })

  it('lists staff users by role, status and search; business users are not staff users', async () => {
    const auditorId = await roleId('AUDITOR')
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    const owner = await signedInUser({ businesses: [{}] })
    const byRole = await readJson<Page<StaffUser>>(await api(`/users?role=${auditorId}&pageSize=100`, { token: checker.token }))
    expect(byRole.content.map((u) => u.id)).toContain(auditor.user.id)
    expect(byRole.content.every((u) => u.roles.some((r) => r.id === auditorId))).toBe(true)
    const disabled = await readJson<Page<StaffUser>>(await api('/users?status=DISABLED&pageSize=100', { token: checker.token }))
    expect(disabled.content.every((u) => u.status === 'DISABLED')).toBe(true)
    expect((await api(`/users/${owner.user.id}`, { token: checker.token })).status).toBe(404)
    expect((await api('/users?pageSize=1000', { token: checker.token })).status).toBe(400)
    expect((await api('/users', { token: outsider.token })).status).toBe(403)
    expect((await api('/users/search', { token: checker.token })).status).toBe(400)
  })

  it('disabling a user revokes their sessions once approved: their next call answers 401', async () => {
    const target = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await api('/accounts/me', { token: target.token })).status).toBe(200)
    const res = await api(`/users/${target.user.id}?reason=${encodeURIComponent('Left the company')}`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('AUDITOR')], status: 'DISABLED' },
    })
    expect(res.status).toBe(202)
    const { id, diff } = await readJson<Authorization>(res)
    expect(diff).toEqual([{ field: 'status', label: 'Status', before: 'ACTIVE', after: 'DISABLED', added: [], removed: [] }])
    expect((await api('/accounts/me', { token: target.token })).status).toBe(200)
    expect((await decide(id, checker.token, { decision: 'APPROVED' })).status).toBe(200)
    expect((await api('/accounts/me', { token: target.token })).status).toBe(401)
    const db = await getDb()
    const { sessions } = await import('@/server/db/schema')
    const [session] = await db.select().from(sessions).where(eq(sessions.id, target.session.id))
    expect(session!.revokedAt).not.toBeNull()
    const [audit] = (await auditsOf(target.user.id)).filter((a) => a.action === 'UPDATE')
    expect(audit!.after).toMatchObject({
      status: 'DISABLED',
      revokedSessions: 1,
      checkerId: checker.user.id,
      makerId: maker.user.id,
    })
  })

  it('changes roles through approval; nobody changes their own; a checker never approves a change about themselves', async () => {
    const target = await signedInUser({ staffRole: 'AUDITOR' })
    const self = await api(`/users/${maker.user.id}?reason=promote%20me`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('SUPER_ADMIN')], status: 'ACTIVE' },
    })
    expect(self.status).toBe(403)
    const noReason = await api(`/users/${target.user.id}`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('APPROVER')], status: 'ACTIVE' },
    })
    expect(noReason.status).toBe(400)
    const res = await api(`/users/${target.user.id}?reason=moves%20to%20approvals`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('APPROVER')], status: 'ACTIVE' },
    })
    expect(res.status).toBe(202)
    const { id } = await readJson<Authorization>(res)
    expect((await decide(id, checker.token, { decision: 'APPROVED' })).status).toBe(200)
    const after = await readJson<StaffUser>(await api(`/users/${target.user.id}`, { token: checker.token }))
    expect(after.roles.map((r) => r.name)).toEqual(['APPROVER'])

    const aboutChecker = await api(`/users/${checker.user.id}?reason=more%20rights`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('SUPER_ADMIN')], status: 'ACTIVE' },
    })
    expect(aboutChecker.status).toBe(202)
    const about = await readJson<Authorization>(aboutChecker)
    const refused = await decide(about.id, checker.token, { decision: 'APPROVED' })
    expect(refused.status).toBe(403)
    expect((await errorsOf(refused))[0]!.code).toBe('FOUR_EYES')
    expect((await decide(about.id, secondChecker.token, { decision: 'DECLINED', comment: 'Not needed' })).status).toBe(200)
  })

  it('refuses to lock the last active SUPER_ADMIN out', async () => {
    const db = await getDb()
    const { userRoles, users } = await import('@/server/db/schema')
    const superAdminId = await roleId('SUPER_ADMIN')
    // Whoever else holds the role in this file's database is disabled first, so `lone` is the last one.
    const holders = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, superAdminId))
    for (const h of holders) await db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, h.userId))
    const lone = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const disable = await api(`/users/${lone.user.id}?reason=cleanup`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [superAdminId], status: 'DISABLED' },
    })
    expect(disable.status).toBe(409)
    expect((await errorsOf(disable))[0]!.code).toBe('PRECONDITION_FAILED')
    const demote = await api(`/users/${lone.user.id}?reason=cleanup`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('AUDITOR')], status: 'ACTIVE' },
    })
    expect(demote.status).toBe(409)
    // With a second active SUPER_ADMIN the demotion may go ahead.
    await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const allowed = await api(`/users/${lone.user.id}?reason=cleanup`, {
      method: 'PUT',
      token: maker.token,
      json: { roleIds: [await roleId('AUDITOR')], status: 'ACTIVE' },
    })
    expect(allowed.status).toBe(202)
    const [row] = await db
      .select()
      .from(authorizations)
      .where(and(eq(authorizations.resourceId, lone.user.id), eq(authorizations.status, 'PENDING')))
    expect(row).toBeDefined()
  })
})

describe('a second account for the maker (issue 32, finding 3)', () => {
  it('warns the checker of a new staff account that shares a staff user’s name or mailbox, and never lets that account decide its maker’s requests', async () => {
    const db = await getDb()
    const suffix = Date.now().toString(36)
    const twin = await signedInUser({ staffPermissions: ADMIN })
    await db
      .update(users)
      .set({ firstName: 'Chidi', lastName: `Okoro${suffix}` })
      .where(eq(users.id, twin.user.id))
    const secondEmail = twin.user.email.replace('@', '+second@')
    const res = await api('/users', {
      method: 'POST',
      token: twin.token,
      json: { email: secondEmail, firstName: 'chidi', lastName: `Okoro${suffix}`, roleIds: [await roleId('APPROVER')] },
    })
    expect(res.status).toBe(202)
    const { id } = await readJson<Authorization>(res)
    const seen = await readJson<Authorization & { warnings: string[] }>(
      await api(`/authorizations/${id}`, { token: checker.token }),
    )
    expect(seen.warnings).toEqual([
      `Chidi Okoro${suffix} (${twin.user.email}), who requested this account, already has a staff account with the same name and e-mail address. Check this is not a second account for the same person.`,
    ])
    // A request that resembles nobody carries no warning.
    const other = await api('/users', {
      method: 'POST',
      token: maker.token,
      json: {
        email: `nobody-${suffix}@example.test`,
        firstName: 'Zainab',
        lastName: `Unique${suffix}`,
        roleIds: [await roleId('AUDITOR')],
      },
    })
    const otherSeen = await readJson<Authorization & { warnings: string[] }>(
      await api(`/authorizations/${(await readJson<Authorization>(other)).id}`, { token: checker.token }),
    )
    expect(otherSeen.warnings).toEqual([])

    // Approved all the same, the second account may not decide what its maker asks for.
    expect((await decide(id, checker.token, { decision: 'APPROVED' })).status).toBe(200)
    const mail = await latestMail(secondEmail, 'staff-invitation')
    const invitation = decodeURIComponent(/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!)
    const password = 'Second-Account-Pass-42'
    expect((await api('/accounts/accept-invitation', { method: 'POST', json: { token: invitation, password } })).status).toBe(200)
    const login = await api('/accounts/login', { method: 'POST', json: { email: secondEmail, password } })
    expect(login.status).toBe(200)
    const second = ((await login.json()) as { access_token: string }).access_token

    const change = await requestRole(twin.token, { name: uniqueName(), scope: 'staff', permissions: [P.CAN_READ_BUSINESS] })
    expect(change.status).toBe(202)
    const changeId = (await readJson<Authorization>(change)).id
    for (const decision of [{ decision: 'APPROVED' }, { decision: 'DECLINED', comment: 'Not needed' }]) {
      const refused = await decide(changeId, second, decision)
      expect(refused.status).toBe(403)
      expect(await errorsOf(refused)).toEqual([
        expect.objectContaining({
          code: 'FOUR_EYES',
          message: 'Your staff account was requested by the person who requested this change, so another person must decide it',
        }),
      ])
    }
    // Someone else's request is theirs to decide.
    const unrelated = await requestRole(maker.token, { name: uniqueName(), scope: 'staff', permissions: [P.CAN_READ_BUSINESS] })
    expect((await decide((await readJson<Authorization>(unrelated)).id, second, { decision: 'APPROVED' })).status).toBe(200)
    expect((await decide(changeId, checker.token, { decision: 'APPROVED' })).status).toBe(200)
  })
})
