/** The e-mailed password reset code: this many digits (docs/security.md has the guessing odds). No zod here: the form imports it. */
export const RESET_CODE_DIGITS = 10
