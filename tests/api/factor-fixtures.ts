import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { hashPassword } from '@/server/auth/password'
import { getDb } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { signedInUser } from './helpers'

/** The password every user of the second-factor tests signs in with. */
export const FACTOR_TEST_PASSWORD = 'Harmattan-Kano-2026'
let passwordHash: Promise<string> | undefined

/** A signed-in user who also has a password to sign in with again. */
export async function userWithPassword(options: Parameters<typeof signedInUser>[0] = {}) {
  const signedIn = await signedInUser(options)
  const db = await getDb()
  await db
    .update(users)
    .set({ passwordHash: await (passwordHash ??= hashPassword(FACTOR_TEST_PASSWORD)) })
    .where(eq(users.id, signedIn.user.id))
  return signedIn
}

/** The body of an answer of this status (the body is the failure message otherwise). */
export async function json<T>(res: Response, status: number): Promise<T> {
  const body = await res.text()
  expect(res.status, body).toBe(status)
  return JSON.parse(body) as T
}
