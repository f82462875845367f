import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getConfig } from '@/lib/config/env'
import { authorizationDetailSchema } from '@/lib/contracts/authorizations'
import { json } from '@/server/http/openapi'

/**
 * FOUR_EYES_CONFIG (default on): configuration changes (products, fees, deferral settings) are requested as PENDING
 * authorizations and applied by a second person's approval (docs/domain.md#authorizations); off, they apply at once.
 */
export const configNeedsFourEyes = () => getConfig().fourEyesConfig

/** The description of every configuration call that goes through four-eyes. */
export const CONFIG_FOUR_EYES_NOTE =
  'With FOUR_EYES_CONFIG on (the default) the input is checked, then the call answers 202 with a PENDING authorization and nothing changes until another person approves it (PUT /authorizations/{id}).'

/** The 202 answer of a configuration call under four-eyes. */
export const pendingConfigResponse = json(
  authorizationDetailSchema,
  'Accepted (FOUR_EYES_CONFIG on): a PENDING authorization holding the proposed change; nothing has changed yet',
)

/** The answers of a configuration call: the record when applied at once (FOUR_EYES_CONFIG off), or 202 under four-eyes. */
export function configChangeResponses<S extends z.ZodType, Status extends 200 | 201>(
  status: Status,
  schema: S,
  description: string,
) {
  const applied = { [status]: json(schema, `${description} (FOUR_EYES_CONFIG off)`) } as Record<
    Status,
    ReturnType<typeof json<S>>
  >
  return { ...applied, 202: pendingConfigResponse }
}

/** Answers a configuration call: the pending authorization (202) under four-eyes, else the change applied at once. */
export async function answerConfigChange<Pending extends object, Applied extends object, Status extends 200 | 201>(
  c: Context,
  change: { request: () => Promise<Pending>; apply: () => Promise<Applied>; status: Status },
) {
  if (configNeedsFourEyes()) return c.json(await change.request(), 202)
  return c.json(await change.apply(), change.status)
}
