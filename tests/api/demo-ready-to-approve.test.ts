import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApprovalCheck } from '@/lib/contracts/reviews'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { demoBusinessRegNos } from '@/server/seed/demo-businesses'
import { DEMO_READY_TO_APPROVE } from '@/server/seed/demo-staff-queues'
import { startFromDemo } from './demo-template'
import { api } from './helpers'

// The seeded demo, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: true })

const PASSWORD = 'Demo-Passw0rd!'

async function signIn(email: string) {
  const res = await api('/accounts/login', { method: 'POST', json: { email, password: PASSWORD } })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

describe('the demo', () => {
  it('has a business under review whose approval checklist is all met, which the demo approver approves as it is', async () => {
    const db = await getDb()
    const approver = await signIn('approver@example.com')
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.regNo, demoBusinessRegNos()[DEMO_READY_TO_APPROVE]!))
    const shown = await api(`/businesses/${business!.id}`, { token: approver })
    expect(await shown.json()).toMatchObject({ name: 'Abeokuta Adire Fashion', approvalStatus: 'PENDING' })

    const checklist = await api(`/businesses/${business!.id}/approval-checklist`, { token: approver })
    expect(checklist.status).toBe(200)
    const checks = (await checklist.json()) as ApprovalCheck[]
    expect(checks.length).toBeGreaterThan(0)
    expect(checks.filter((c) => !c.met)).toEqual([])

    const approved = await api(`/businesses/${business!.id}/approve`, {
      method: 'PUT',
      token: approver,
      json: { decision: 'APPROVED', comment: 'Everything checked (demo).' },
    })
    expect(approved.status, await approved.clone().text()).toBe(200)
    expect(await approved.json()).toMatchObject({ id: business!.id, approvalStatus: 'APPROVED' })
  })
})
