import type { z } from 'zod'
import { isValidPassword } from '@/lib/validation/person'
import list from './common-passwords.json'

const COMMON = new Set<string>(list)

/**
 * One of the 3,000 most common passwords, compared case-insensitively and also with its symbols removed, so
 * `Password1!` counts as the common `password1` even though it meets every character rule.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase()
  return COMMON.has(lower) || COMMON.has(lower.replace(/[^a-z0-9]/g, ''))
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common; choose another'

/** Adds the server-only common-password check to a form schema (the list stays out of browser bundles). */
export function refuseCommonPassword<T extends z.ZodType<Record<string, unknown>>>(schema: T, field: string) {
  return schema.superRefine((value, ctx) => {
    const password = value[field]
    // Only once the character rules pass, so a weak password gets one message, not two.
    if (typeof password === 'string' && isValidPassword(password) && isCommonPassword(password)) {
      ctx.addIssue({ code: 'custom', path: [field], message: COMMON_PASSWORD_MESSAGE })
    }
  })
}
