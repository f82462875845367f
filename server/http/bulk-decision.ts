import { createRoute } from '@hono/zod-openapi'
import {
  bulkResultSchema,
  bulkReviewDecisionInputSchema,
  type BulkItemResult,
  type BulkResult,
  type ReviewDecision,
} from '@/lib/contracts/cac-review'
import type { Permission } from '@/lib/permissions/names'
import type { AuditContext } from '@/server/audit/append-audit'
import { type Database } from '@/server/db/client'
import { AppError } from '@/server/http/app-error'
import { type Actor } from '@/server/http/context'
import { STATUS_BY_CODE } from '@/server/http/errors'
import { errorResponses, json, type Router } from '@/server/http/openapi'
import { serviceArgs } from '@/server/http/service-args'
import { logger } from '@/server/logger'
import { access, jsonBody, stepUp } from './access'

/**
 * Bulk decisions: each id is decided on its own (its own transaction, its own refusal), one after the other, and the
 * answer reports every item with the status and code the single call would have answered.
 */
export async function runBulk(ids: readonly string[], decideOne: (id: string) => Promise<unknown>): Promise<BulkResult> {
  const results: BulkItemResult[] = []
  for (const id of ids) {
    try {
      await decideOne(id)
      results.push({ id, status: 200 })
    } catch (error) {
      if (error instanceof AppError) {
        results.push({
          id,
          status: STATUS_BY_CODE[error.code],
          code: error.code,
          message: error.details[0]?.message ?? error.message,
        })
      } else {
        logger.error({ err: error, id }, 'bulk decision item failed')
        results.push({
          id,
          status: 500,
          code: 'INTERNAL',
          message: 'Something went wrong on our side with this one; try it again.',
        })
      }
    }
  }
  const succeeded = results.filter((r) => r.status === 200).length
  return { results, succeeded, failed: results.length - succeeded }
}

/** What deciding one item of a bulk call gets: the single decision call's options but for the id. */
export interface BulkDecisionContext {
  db: Database
  actor: Actor
  input: { decision: ReviewDecision; comment?: string }
  audit: AuditContext
}

/**
 * `PUT <path>` on `router`: several ids with one shared decision and comment (`BulkReviewDecision`), each decided by
 * `decideOne` as the single call would (see runBulk); staff holding `permission` only.
 */
export function openBulkDecisionRoute(
  router: Router,
  route: {
    path: string
    tags: string[]
    summary: string
    description: string
    permission: Permission
    /** Needs a fresh second factor, as the single decision does (docs/security.md#step-up). */
    stepUp?: boolean
  },
  decideOne: (id: string, context: BulkDecisionContext) => Promise<unknown>,
) {
  router.openapi(
    createRoute({
      method: 'put',
      path: route.path,
      tags: route.tags,
      summary: route.summary,
      description: route.description,
      ...(route.stepUp ? stepUp(access.staff(route.permission)) : access.staff(route.permission)),
      request: jsonBody(bulkReviewDecisionInputSchema),
      responses: { 200: json(bulkResultSchema, 'One result per id'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const { ids, decision, comment } = c.req.valid('json')
      const context: BulkDecisionContext = { ...(await serviceArgs(c)), input: { decision, comment } }
      return c.json(await runBulk(ids, (id) => decideOne(id, context)), 200)
    },
  )
}
