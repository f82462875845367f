import { z } from 'zod'

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
    properties: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((v) => v.type !== 'track' || !!v.event, { message: 'is required for a track call', path: ['event'] })
  .refine((v) => v.type !== 'page' || !!v.path, { message: 'is required for a page call', path: ['path'] })
  .transform(({ Email, email, ...rest }) => ({ ...rest, email: (email ?? Email)?.toLowerCase() }))

export type MarketingEventInput = z.input<typeof marketingEventSchema>
export type MarketingEvent = z.output<typeof marketingEventSchema>
