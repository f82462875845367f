import { z } from 'zod'
import { emailSchema, passwordSchema, personNameSchema, phoneSchema } from '@/lib/validation/person'
import { RESET_CODE_DIGITS } from './reset-code'

/** The signup form and POST /accounts/signup share this schema. */
export const signupSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  /**
   * Where the visitor came from (`?channel=`), kept on the user for reports (docs/domain.md#where-a-visitor-came-from).
   */
  channel: z.string().trim().max(100).optional(),
})
export type SignupInput = z.input<typeof signupSchema>

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024),
})
export type LoginInput = z.input<typeof loginSchema>

export const emailOnlySchema = z.object({ email: emailSchema })
export type EmailOnlyInput = z.input<typeof emailOnlySchema>

export const activateAccountSchema = z.object({
  token: z.string({ message: 'The activation token is missing' }).trim().min(1, 'The activation token is missing').max(200),
})

export const acceptInvitationSchema = z.object({
  token: z.string({ message: 'The invitation token is missing' }).trim().min(1, 'The invitation token is missing').max(200),
  password: passwordSchema,
})
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>

export { RESET_CODE_DIGITS }
export const otpSchema = z.string().regex(/^\d{10}$/, `The code is ${RESET_CODE_DIGITS} digits`)

export const resetPasswordSchema = z.object({ email: emailSchema, password: passwordSchema })
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>

/** The reset form: the e-mailed code travels in the path of the call, the rest in its body. */
export const resetPasswordFormSchema = resetPasswordSchema.extend({ otp: otpSchema })
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(1024),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  })
export type ChangePasswordInput = z.input<typeof changePasswordSchema>

export const updateAccountSchema = z
  .object({
    firstName: personNameSchema('First name').optional(),
    lastName: personNameSchema('Last name').optional(),
    phone: phoneSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })
export type UpdateAccountInput = z.input<typeof updateAccountSchema>

/** The profile form: PATCH /accounts/me with every editable field. */
export const profileDetailsSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  phone: phoneSchema,
})
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>

export const preferencesSchema = z.object({
  defaultBusinessId: z.uuid({ message: 'must be a business id' }).nullable(),
  emailNotifications: z.boolean({ message: 'must be true or false' }),
  marketingOptOut: z.boolean({ message: 'must be true or false' }),
})
export type Preferences = z.infer<typeof preferencesSchema>

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isStaff: z.boolean(),
  iswStaff: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

/** docs/api.md#authentication-cookies-and-xsrf: the login (and refresh) answer, stored whole as `user_auth_data`. */
export const loginAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: sessionUserSchema,
})
export type LoginAnswer = z.infer<typeof loginAnswerSchema>

export const accountSchema = sessionUserSchema.extend({
  phone: z.string().nullable(),
  status: z.enum(['PENDING_ACTIVATION', 'ACTIVE', 'DISABLED']),
  createdAt: z.string(),
  staffRoles: z.array(z.string()),
  /** Each membership with the permissions its role gives inside that business. */
  businesses: z.array(z.object({ businessId: z.uuid(), role: z.string(), permissions: z.array(z.string()) })),
})
export type Account = z.infer<typeof accountSchema>

export const userProfileSchema = accountSchema.extend({
  permissions: z.array(z.string()),
  preferences: preferencesSchema,
})
export type UserProfile = z.infer<typeof userProfileSchema>

export const messageSchema = z.object({ message: z.string() })

/** `POST /accounts/accept-invitation`: the account's e-mail, so the page signs the person in with the password just set. */
export const acceptedInvitationSchema = messageSchema.extend({ email: z.string() })
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>
