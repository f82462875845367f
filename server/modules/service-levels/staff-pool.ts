import { sql } from 'drizzle-orm'
import { lagosDay } from '@/lib/format/business-days'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'

/** Active staff holding `permission` through a staff role, by id; `available` leaves out those away today (Lagos). */
export async function staffHolding(
  db: Executor,
  options: { permission: string; available?: boolean; now?: Date },
): Promise<string[]> {
  const today = lagosDay(options.now ?? new Date())
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT u.id FROM users u
      WHERE u.status = 'ACTIVE' AND EXISTS (
        SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.scope = 'staff'
        JOIN role_permissions rp ON rp.role_id = r.id
        JOIN permissions p ON p.id = rp.permission_id AND p.name = ${options.permission}
        WHERE ur.user_id = u.id)
      ${
        options.available
          ? sql`AND NOT EXISTS (SELECT 1 FROM staff_availability s WHERE s.user_id = u.id AND s.away_until >= ${today}::date)`
          : sql``
      }
      ORDER BY u.id`),
  )
  return rows.map((r) => r.id)
}

/** The supervisors told of an escalation. */
export const supervisors = (db: Executor) => staffHolding(db, { permission: PERMISSIONS.CAN_SUPERVISE_QUEUES })
