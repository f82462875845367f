import { getConfig } from '@/lib/config/env'

/** Absolute links to portal pages, for e-mails. */
export const portalLinks = {
  activate: (token: string) => `${getConfig().publicUrl}/auth/activate?token=${encodeURIComponent(token)}`,
  login: () => `${getConfig().publicUrl}/auth/login`,
  forgotPassword: (email?: string) =>
    `${getConfig().publicUrl}/auth/forgot-password${email ? `?email=${encodeURIComponent(email)}` : ''}`,
}
