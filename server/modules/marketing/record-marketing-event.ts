import { eq } from 'drizzle-orm'
import type { MarketingEvent } from '@/lib/contracts/marketing'
import { takeMarketingEvent } from '@/server/auth/throttles'
import { PERSONAL_VALUE_KEYS } from '@/server/crypto/personal-keys'
import type { Executor } from '@/server/db/client'
import { userPreferences, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { getMarketingSink, PAGE_VIEWED, type SinkReceipt } from '@/server/integrations/marketing'
import { logger } from '@/server/logger'

/** An identity number given as a bare value: 11 digits (BVN, NIN), as the analytics module might pick up from a form. */
const IDENTITY_NUMBER = /^\s*\d{11}\s*$/
/** A Nigerian phone number in international form (+234 or 234 and ten digits); the 0-prefixed form is 11 digits. */
const PHONE_NUMBER = /^\s*\+?234[\s-]?\d{3}[\s-]?\d{3}[\s-]?\d{4}\s*$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Property names that hold personal values, compared without case, spaces, dashes or underscores (`Date_Of_Birth`,
 * `phoneNumber`, `ID number`): identity numbers, dates of birth, phone numbers. Marketing never receives them.
 */
const PERSONAL_NAMES = new Set(
  [
    ...PERSONAL_VALUE_KEYS,
    'bvn',
    'nin',
    'ninNumber',
    'bvnNumber',
    'idNumber',
    'idNo',
    'identityNumber',
    'identificationNumber',
    'nationalId',
    'nationalIdNumber',
    'passportNumber',
    'passportNo',
    'driversLicence',
    'driversLicense',
    'driversLicenceNumber',
    'driversLicenseNumber',
    'votersCard',
    'votersCardNumber',
    'tin',
    'dateOfBirth',
    'dob',
    'birthDate',
    'birthday',
    'phone',
    'phoneNumber',
    'phoneNo',
    'mobile',
    'mobileNumber',
    'msisdn',
    'telephone',
    'tel',
    'whatsapp',
  ].map((name) => normaliseName(name)),
)

function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

const isPersonalValue = (v: unknown) => typeof v === 'string' && (IDENTITY_NUMBER.test(v) || PHONE_NUMBER.test(v))

/** Event properties without personal values: personal keys dropped at any depth, bare identity and phone numbers too. */
function withoutPersonalValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => !isPersonalValue(v)).map(withoutPersonalValues)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !PERSONAL_NAMES.has(normaliseName(k)) && !isPersonalValue(v))
        .map(([k, v]) => [k, withoutPersonalValues(v)]),
    )
  }
  return value
}

/**
 * The e-mail of a call and its properties without it: the top-level `email` (the contract has already taken it from
 * `email` or `Email`), else an `email` or `Email` among the properties (spec section 3: either spelling), lower-cased.
 */
function splitEmail(event: MarketingEvent): { email: string | null; properties: Record<string, unknown> | null } {
  const props = event.properties ?? null
  let email = event.email ?? null
  if (!email && props) {
    const raw = typeof props.email === 'string' && props.email.trim() ? props.email : props.Email
    if (typeof raw === 'string' && EMAIL.test(raw.trim()) && raw.trim().length <= 320) email = raw.trim().toLowerCase()
  }
  if (!props) return { email, properties: null }
  const rest = Object.fromEntries(Object.entries(props).filter(([k]) => k !== 'email' && k !== 'Email'))
  return { email, properties: Object.keys(rest).length ? rest : null }
}

/**
 * True when the person a call is about has opted out of marketing (`user_preferences.marketing_opt_out`): the
 * signed-in user, or else the account whose e-mail the call carries. A visitor with no account cannot have opted out.
 */
export async function hasOptedOut(db: Executor, who: { userId: string | null; email: string | null }): Promise<boolean> {
  let userId = who.userId
  if (!userId && who.email) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, who.email))
    userId = user?.id ?? null
  }
  if (!userId) return false
  const [prefs] = await db
    .select({ optOut: userPreferences.marketingOptOut })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
  return prefs?.optOut ?? false
}

/**
 * `POST /marketing/events`: hands an identify, track or page call to the marketing sink (MARKETING_PROVIDER), with
 * the e-mail normalised and personal values removed (docs/data-protection.md). The call is open to visitors, so
 * (docs/security.md#marketing-events): 60 calls per IP per minute, then 429; `identify` only by a signed-in user and
 * only for their own e-mail (400 naming `type` or `email`); an e-mail on a track or page call that is not the signed-in
 * user's own is dropped. Nothing goes anywhere for a user who opted out: the answer is then
 * `{ id: null, delivered: false }`. `id` is the recorded row's with the built-in sink.
 */
export async function recordMarketingEvent(options: {
  db: Executor
  event: MarketingEvent
  user: { id: string; email: string } | null
  ip: string | null
}): Promise<SinkReceipt & { delivered: boolean }> {
  const { event, user } = options
  const wait = await takeMarketingEvent(options.ip)
  if (wait > 0)
    throw new AppError('RATE_LIMITED', `Too many calls from your network. Try again in ${wait} second(s).`, {
      retryAfterSeconds: wait,
    })
  const userId = user?.id ?? null
  const split = splitEmail(event)
  const own = split.email !== null && user !== null && split.email === user.email.toLowerCase()
  if (event.type === 'identify') {
    // 400 rather than 401/403: the call itself is open to everyone; it is this use of it that is not.
    if (!user) throw new AppError('VALIDATION_FAILED', 'identify is only for a signed-in user', { field: 'type' })
    if (split.email !== null && !own)
      throw new AppError('VALIDATION_FAILED', 'must be your own e-mail address', { field: 'email' })
  }
  // The opt-out is checked against the e-mail as sent, so a call naming an opted-out account is not sent at all.
  if (await hasOptedOut(options.db, { userId, email: split.email })) return { id: null, delivered: false }
  const email = own ? split.email : null
  const rawProperties = split.properties
  // Marketing never carries identity numbers, dates of birth or phone numbers (docs/data-protection.md).
  const properties = rawProperties ? (withoutPersonalValues(rawProperties) as Record<string, unknown>) : null
  const identity = { userId, anonymousId: event.anonymousId ?? null, email, channel: event.channel ?? null }
  const sink = getMarketingSink()
  let receipt: SinkReceipt
  if (event.type === 'identify') receipt = await sink.identify({ ...identity, traits: properties })
  else if (event.type === 'page') receipt = await sink.track({ ...identity, event: PAGE_VIEWED, path: event.path!, properties })
  else receipt = await sink.track({ ...identity, event: event.event!, path: event.path ?? null, properties })
  return { ...receipt, delivered: true }
}

/**
 * A contact for the marketing tool (someone who wrote through the contact-us form), unless they opted out. Called
 * after the inquiry is stored; it never fails the caller (a failure is logged).
 */
export async function recordMarketingContact(options: {
  db: Executor
  userId: string | null
  email: string
  name: string
  source: string
}): Promise<void> {
  try {
    if (await hasOptedOut(options.db, { userId: options.userId, email: options.email })) return
    await getMarketingSink().contact({
      userId: options.userId,
      email: options.email,
      name: options.name,
      source: options.source,
      properties: null,
    })
  } catch (error) {
    logger.warn({ err: error, source: options.source }, 'marketing contact not recorded')
  }
}
