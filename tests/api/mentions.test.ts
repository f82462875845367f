import { describe, expect, it } from 'vitest'
import { api, createTestBusiness, signedInUser } from './helpers'
import { listNotifications, namedUser, unreadCount } from './notification-fixtures'

/** docs/notifications.md#mentions: `@first.last` in a business's staff comment thread. */

const comment = (businessId: string, token: string, text: string) =>
  api(`/businesses/attachment/${businessId}`, { method: 'PUT', token, json: { comment: text } })

describe('mentions in the review thread', () => {
  it('a mention of a colleague who may read the business notifies them, with a link to the review', async () => {
    const business = await createTestBusiness()
    const writer = await namedUser({ staffRole: 'APPROVER' })
    const colleague = await namedUser({ staffRole: 'APPROVER' })
    const res = await comment(business.id, writer.token, `@${colleague.handle} can you check the directors?`)
    expect(res.status, await res.clone().text()).toBe(200)
    const body = (await res.json()) as { mentions: { notified: { id: string }[]; notNotified: unknown[] } }
    expect(body.mentions.notified.map((c) => c.id)).toEqual([colleague.user.id])
    expect(body.mentions.notNotified).toEqual([])

    const [n] = (await listNotifications(colleague.token)).items
    expect(n).toMatchObject({
      kind: 'MENTION',
      businessId: business.id,
      target: { type: 'business-review', id: business.id },
      body: `@${colleague.handle} can you check the directors?`,
    })
    expect(n!.title).toContain(`${writer.firstName} ${writer.lastName} mentioned you on ${business.name}`)
    expect(await unreadCount(writer.token)).toBe(0)
  })

  it('a mention of someone who may not read the business notifies nobody, and the writer is told', async () => {
    const business = await createTestBusiness()
    const writer = await namedUser({ staffRole: 'APPROVER' })
    const nonReader = await namedUser({ staffPermissions: ['CAN_AUDIT_SYSTEM'] })
    const res = await comment(business.id, writer.token, `Asking @${nonReader.handle} and @nobody.here`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      mentions: { notified: unknown[]; notNotified: { handle: string; reason: string; message: string }[] }
    }
    expect(body.mentions.notified).toEqual([])
    expect(body.mentions.notNotified).toEqual([
      { handle: 'nobody.here', reason: 'UNKNOWN', message: expect.stringContaining('@nobody.here') },
      {
        handle: nonReader.handle,
        reason: 'NOT_A_READER',
        message: `@${nonReader.handle} may not read this business, so was not notified`,
      },
    ])
    expect(await unreadCount(nonReader.token)).toBe(0)
  })

  it('the business’s own owner cannot be mentioned into the staff thread; mentioning oneself tells nobody', async () => {
    const business = await createTestBusiness()
    const writer = await namedUser({ staffRole: 'APPROVER' })
    const owner = await namedUser({ businesses: [{ businessId: business.id }] })
    const res = await comment(business.id, writer.token, `@${owner.handle} @${writer.handle}`)
    const body = (await res.json()) as { mentions: { notified: unknown[]; notNotified: { reason: string }[] } }
    expect(body.mentions.notified).toEqual([])
    expect(body.mentions.notNotified.map((m) => m.reason)).toEqual(['UNKNOWN'])
    expect(await unreadCount(owner.token)).toBe(0)
    expect(await unreadCount(writer.token)).toBe(0)
  })

  it('the autocomplete lists colleagues who may read the business, matching the typed part, not the writer', async () => {
    const business = await createTestBusiness()
    const writer = await namedUser({ staffRole: 'APPROVER' })
    const colleague = await namedUser({ staffRole: 'KYC_ANALYST' })
    const nonReader = await namedUser({ staffPermissions: ['CAN_AUDIT_SYSTEM'] })
    const list = async (q: string) => {
      const res = await api(`/businesses/attachment/${business.id}/mentionable?q=${encodeURIComponent(q)}`, {
        token: writer.token,
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { id: string; handle: string }[]).map((c) => c.id)
    }
    expect(await list(colleague.firstName)).toEqual([colleague.user.id])
    expect(await list(`@${colleague.handle.slice(0, 8)}`)).toContain(colleague.user.id)
    expect(await list(nonReader.firstName)).toEqual([])
    expect(await list(writer.firstName)).toEqual([])
    const outsider = await signedInUser({ businesses: [{}] })
    expect((await api(`/businesses/attachment/${business.id}/mentionable`, { token: outsider.token })).status).toBe(403)
  })
})
