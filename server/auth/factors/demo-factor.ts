/**
 * The authenticator secret demo staff are enrolled with when DEMO_STAFF_TOTP is on (`npm run demo` turns it on and
 * prints it): add it to an authenticator app, or read the current code from `GET /api/v1/dev/demo-totp?email=`.
 * Public by design; never used outside the demo (refused in production).
 */
export const DEMO_TOTP_SECRET = 'KYCPORTALDEMOSTAFFAUTHAPP2345672'
export const DEMO_FACTOR_NAME = 'Demo authenticator'
