import { z } from 'zod'

/**
 * What `properties` may hold (docs/security.md#marketing-events): the call is open to visitors, so it is bounded: at
 * most 50 keys counted at every depth, objects nested at most 3 deep, and 8 KB as JSON.
 */
export const MARKETING_PROPERTIES_LIMITS = { maxKeys: 50, maxDepth: 3, maxBytes: 8 * 1024 } as const

/** The number of keys at every depth and the deepest nesting of objects and arrays (the top object is depth 1). */
function shapeOf(value: unknown, depth = 1): { keys: number; depth: number } {
  if (!value || typeof value !== 'object') return { keys: 0, depth: depth - 1 }
  const children = Array.isArray(value) ? value : Object.values(value)
  let keys = Array.isArray(value) ? 0 : children.length
  let deepest = depth
  for (const child of children) {
    const shape = shapeOf(child, depth + 1)
    keys += shape.keys
    deepest = Math.max(deepest, shape.depth)
  }
  return { keys, depth: deepest }
}

const propertiesSchema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const { maxKeys, maxDepth, maxBytes } = MARKETING_PROPERTIES_LIMITS
  const shape = shapeOf(value)
  if (shape.keys > maxKeys)
    ctx.addIssue({ code: 'custom', message: `must have at most ${maxKeys} keys (counted at every level)` })
  else if (shape.depth > maxDepth) ctx.addIssue({ code: 'custom', message: `must be nested at most ${maxDepth} levels deep` })
  else if (new TextEncoder().encode(JSON.stringify(value)).length > maxBytes)
    ctx.addIssue({ code: 'custom', message: `must be at most ${maxBytes / 1024} KB as JSON` })
})

/**
 * A marketing call from the portal's analytics module (identify / track / page). The spec says the e-mail may
 * arrive as `email` or `Email`; the schema accepts both and the output has `email` only.
 */
export const marketingEventSchema = z
  .object({
    type: z.enum(['identify', 'track', 'page']),
    event: z.string().trim().min(1).max(200).optional(),
    path: z.string().max(2000).optional(),
    email: z.email({ message: 'must be an e-mail address' }).max(320).optional(),
    Email: z.email({ message: 'must be an e-mail address' }).max(320).optional(),
    anonymousId: z.string().max(100).optional(),
    channel: z.string().max(100).optional(),
    properties: propertiesSchema.optional(),
  })
  .refine((v) => v.type !== 'track' || !!v.event, { message: 'is required for a track call', path: ['event'] })
  .refine((v) => v.type !== 'page' || !!v.path, { message: 'is required for a page call', path: ['path'] })
  .transform(({ Email, email, ...rest }) => ({ ...rest, email: (email ?? Email)?.toLowerCase() }))

export type MarketingEventInput = z.input<typeof marketingEventSchema>
export type MarketingEvent = z.output<typeof marketingEventSchema>
