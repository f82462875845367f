import { z } from 'zod'

import { REGISTRY_HOLDER_KINDS } from './registry-check-values'

export * from './registry-check-values'

const NAME_MAX = 200
const name = z
  .string({ message: 'Enter the name as the registry gives it' })
  .trim()
  .min(2, 'Enter the name as the registry gives it')
  .max(NAME_MAX, `A name has at most ${NAME_MAX} characters`)

/**
 * `PUT /businesses/{id}/registry-extract`: the registry's directors and direct shareholders of the business, as staff
 * obtained them (the manual provider) — the same shape the HTTP provider's company lookup answers.
 */
export const registryExtractInputSchema = z
  .object({
    source: z
      .string({ message: 'Say where the extract comes from' })
      .trim()
      .min(2, 'Say where the extract comes from (e.g. CAC status report)')
      .max(200, 'A source has at most 200 characters'),
    retrievedOn: z.iso.date({ message: 'Give the date the extract was obtained (YYYY-MM-DD)' }),
    directors: z.array(z.object({ name }), { message: 'List the directors' }).max(100, 'At most 100 directors'),
    shareholders: z
      .array(
        z.object({
          name,
          kind: z.enum(REGISTRY_HOLDER_KINDS, { message: 'must be PERSON, COMPANY, TRUST or NOMINEE' }),
          percentage: z
            .number({ message: 'Give the percentage of shares (0.01–100)' })
            .min(0.01, 'Give the percentage of shares (0.01–100)')
            .max(100, 'Give the percentage of shares (0.01–100)'),
        }),
        { message: 'List the shareholders' },
      )
      .max(200, 'At most 200 shareholders'),
  })
  .superRefine((value, ctx) => {
    const total = value.shareholders.reduce((sum, s) => sum + s.percentage, 0)
    if (total > 100.0001)
      ctx.addIssue({ code: 'custom', path: ['shareholders'], message: 'The shareholders add up to more than 100 %' })
  })
  .meta({ id: 'RegistryExtractInput' })
export type RegistryExtractInput = z.input<typeof registryExtractInputSchema>
export type RegistryExtractData = z.output<typeof registryExtractInputSchema>

/** The business's current registry extract. */
export const registryExtractSchema = z
  .object({
    businessId: z.uuid(),
    provider: z.enum(['MANUAL', 'DOJAH']),
    source: z.string(),
    retrievedOn: z.string(),
    directors: z.array(z.object({ name: z.string() })),
    shareholders: z.array(z.object({ name: z.string(), kind: z.enum(REGISTRY_HOLDER_KINDS), percentage: z.number() })),
    enteredBy: z.uuid().nullable(),
    enteredByName: z.string().nullable(),
    enteredAt: z.string(),
  })
  .meta({ id: 'RegistryExtract' })
export type RegistryExtract = z.infer<typeof registryExtractSchema>
