import { expect, test, type APIRequestContext, type Browser } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { bearer, DEMO_PASSWORD, latestMail, signInAsStaff, unique } from './support/accounts'

type Audit = { actorEmail: string | null; resourceId: string | null; action: string; after: Record<string, unknown> | null }

async function authorizationIdFor(request: APIRequestContext, headers: Record<string, string>, target: string) {
  const res = await request.get('/api/v1/authorizations/v2?pageSize=100', { headers })
  expect(res.status()).toBe(200)
  const page = (await res.json()) as { content: { id: string; target: string }[] }
  return page.content.find((a) => a.target === target)!.id
}

/** Signs a staff member in, in a page of their own, once the landing page has settled (its URL state may still move). */
async function staffPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage()
  await signInAsStaff(page, email)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
  return page
}

test('an officer requests a new role; an approver sees the diff and approves; the role is usable; the audit log names both', async ({
  browser,
  request,
}) => {
  // Two people's sessions and a third's invitation: a long journey.
  test.setTimeout(120_000)
  const name = `Audit readers ${unique()}`

  // The requesting officer (the super administrator holds CAN_CREATE_ROLE) proposes the role.
  const officer = await staffPage(browser, 'superadmin@example.com')
  await officer.goto('/s/businesses/manage-roles')
  await expect(officer.getByRole('heading', { level: 1, name: 'Manage roles' })).toBeVisible()
  await officer.getByRole('button', { name: 'New role' }).click()
  const editor = officer.getByRole('dialog', { name: 'New role' })
  await editor.getByLabel('Name').fill(name)
  await editor.getByLabel('Description (optional)').fill('Reads businesses and the audit log')
  await editor.getByLabel('Find a permission').fill('audit')
  await editor.getByRole('checkbox', { name: /CAN_AUDIT_SYSTEM/ }).check()
  await editor.getByLabel('Find a permission').fill('read business')
  await editor.getByRole('checkbox', { name: /CAN_READ_BUSINESS$/ }).check()
  await expect(editor.getByText('2 chosen')).toBeVisible()
  expect(await seriousViolations(officer)).toEqual([])
  await editor.getByRole('button', { name: 'Request the role' }).click()
  await expect(officer.getByText('Sent for approval')).toBeVisible()
  // Nothing exists yet.
  await expect(officer.locator(`[data-role="${name}"]`)).toHaveCount(0)

  // The maker sees their own request, and cannot decide it.
  await officer.goto('/s/admin/authorizations')
  await officer.getByRole('link', { name: `New role: ${name}` }).click()
  await expect(officer.getByText('You requested this change, so another administrator must decide it.')).toBeVisible()
  await expect(officer.getByRole('button', { name: 'Approve' })).toHaveCount(0)

  // The approver sees it in the inbox, with the diff, and approves.
  const approver = await staffPage(browser, 'approver@example.com')
  await approver.goto('/s/admin/authorizations')
  await approver.getByRole('link', { name: `New role: ${name}` }).click()
  await expect(approver.getByRole('heading', { name: `New role: ${name}` })).toBeVisible()
  const diff = approver.getByRole('region', { name: 'Before and after' })
  await expect(diff.locator('[data-field="name"]')).toContainText(name)
  await expect(diff.locator('[data-field="permissions"]').getByRole('listitem')).toHaveText([
    'CAN_AUDIT_SYSTEM',
    'CAN_READ_BUSINESS',
  ])
  expect(await seriousViolations(approver)).toEqual([])
  await approver.getByRole('button', { name: 'Approve' }).click()
  await approver.getByRole('alertdialog', { name: 'Approve this change?' }).getByRole('button', { name: 'Approve' }).click()
  await expect(approver.getByText('Approved: the change has been applied.')).toBeVisible()
  await expect(approver.getByText('Decided by')).toBeVisible()

  // The role exists now, and works: a staff user given it holds its permissions.
  await officer.goto('/s/businesses/manage-roles')
  await expect(officer.locator(`[data-role="${name}"]`)).toContainText('2 permissions')
  const superadmin = await bearer(request, 'superadmin@example.com')
  const roles = (await (
    await request.get(`/api/v1/roles?search=${encodeURIComponent(name)}`, { headers: superadmin })
  ).json()) as {
    id: string
  }[]
  const email = `audit.${unique()}@example.ng`
  const invite = await request.post('/api/v1/users', {
    headers: superadmin,
    data: { email, firstName: 'Ngozi', lastName: 'Eze', roleIds: [roles[0]!.id] },
  })
  expect(invite.status(), await invite.text()).toBe(202)
  const invitation = (await invite.json()) as { id: string }
  const approver2 = await bearer(request, 'approver2@example.com')
  const approved = await request.put(`/api/v1/authorizations/${invitation.id}`, {
    headers: approver2,
    data: { decision: 'APPROVED' },
  })
  expect(approved.status(), await approved.text()).toBe(200)
  const mail = await latestMail(request, email, 'staff-invitation')
  const token = decodeURIComponent(/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!)
  const accepted = await request.post('/api/v1/accounts/accept-invitation', { data: { token, password: DEMO_PASSWORD } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const newcomer = await bearer(request, email)
  const held = (await (await request.get('/api/v1/accounts/me/permissions', { headers: newcomer })).json()) as { name: string }[]
  expect(held.map((p) => p.name).sort()).toEqual(['CAN_AUDIT_SYSTEM', 'CAN_READ_BUSINESS'])
  expect((await request.get('/api/v1/audits?pageSize=1', { headers: newcomer })).status()).toBe(200)

  // The audit log holds the request and the decision, each by its actor, the decision naming both.
  const authorizationId = await authorizationIdFor(request, approver2, name)
  const log = (await (await request.get('/api/v1/audits?resource=authorization&pageSize=100', { headers: newcomer })).json()) as {
    content: Audit[]
  }
  const trail = log.content.filter((a) => a.resourceId === authorizationId)
  expect(trail.map((a) => [a.action, a.actorEmail]).sort()).toEqual([
    ['APPROVE', 'approver@example.com'],
    ['REQUEST', 'superadmin@example.com'],
  ])
  const decision = trail.find((a) => a.action === 'APPROVE')!
  expect(decision.after).toMatchObject({ status: 'APPROVED' })
  expect(decision.after!.makerId).toBeTruthy()
  expect(decision.after!.checkerId).toBeTruthy()
  expect(decision.after!.makerId).not.toBe(decision.after!.checkerId)
})
