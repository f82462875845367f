import { createMiddleware } from 'hono/factory'
import type { Permission } from '@/lib/permissions'
import { authenticate } from '@/server/http/auth'
import { AppError } from '@/server/http/app-error'
import type { AppEnv } from '@/server/http/context'

/** Staff holding at least one of these (staff-wide) permissions: reads that several staff roles share. */
export const requireStaffWithAny = (...candidates: Permission[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const actor = await authenticate(c)
    if (!actor.isStaff) throw new AppError('FORBIDDEN', 'Only staff can do this')
    if (!candidates.some((p) => actor.staffPermissions.has(p))) {
      throw new AppError('FORBIDDEN', `You need one of the permissions ${candidates.join(', ')} to do this`)
    }
    await next()
  })
