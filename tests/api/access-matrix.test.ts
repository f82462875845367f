import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { canEditKyc } from '@/lib/permissions/checks'
import { type Permission } from '@/lib/permissions/names'
import { SYSTEM_ROLES, type SystemRoleName } from '@/lib/permissions/roles'
import { getDb } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import type { AccessDeclaration } from '@/server/http/access'
import { apiApproved } from './four-eyes'
import { api, signedInUser } from './helpers'
import { requestDeferral, typeByCode } from './kyc-document-fixtures'
import {
  addressBody,
  companyDetailsBody,
  corporateBody,
  createKyc,
  individualBody,
  meansOfIdBody,
  PDF,
  uploadFile,
} from './kyc-fixtures'

/**
 * The access matrix, generated from /openapi.json: every operation (new ones included, as soon as they are mounted) is
 * called by every kind of caller, on the real records of one business ("the target", A), and each answer is checked
 * against the operation's declared `x-access` (server/http/access.ts).
 *
 * Callers: anonymous; the owner of another business (B); a plain member (BUSINESS_MEMBER) of A; a signed-in user of no
 * business; each staff system role; and A's own owner. Their permissions are the system roles' (lib/permissions).
 *
 * How the expected answer is derived from `x-access { kind, permissions, match, membersOnly }`:
 * - public: nobody is refused (no 401/403).
 * - anonymous on anything not public: 401.
 * - signed-in: refused with 403 when the caller lacks the permissions in every role they hold (staff or any business);
 *   with `membersOnly`, staff are refused with 403 too.
 * - staff: 403 for anyone not staff, and for staff not holding the permissions as staff (all of them, or any one of
 *   them with `match: 'any'`).
 * - business: the service scopes by the business the record belongs to. When the call names A (A's ids in the path,
 *   query or body), a caller of another business and a caller of no business get 404 (never 403: A's existence is not
 *   revealed). Inside A, or as staff, a caller lacking the permissions is refused (403, or 404 where the service hides
 *   the record itself, as files do). `membersOnly`: staff are refused (403), and so is anyone holding the permissions in
 *   no business (the route checks that first). Without A's ids (lists, registering a business) business users act on
 *   their own: only staff lacking the permissions are refused.
 * - Whoever the declaration lets in may get any 2xx or 4xx (validation, state, four-eyes: 403 FOUR_EYES) but not 401
 *   or 403 otherwise. Nobody ever gets a 5xx.
 *
 * Whatever the status, an answer carries the BVN typed into A's draft in clear only to A's own KYC editors.
 *
 * Every refused call runs first, across all operations, so refusals are checked against the records as created; then
 * the allowed calls run, reads before writes before deletes (the caller's own sign-out last), since they change state.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
type Schema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  $ref?: string
  minimum?: number
}
type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema?: Schema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  'x-access'?: AccessDeclaration
  'x-step-up'?: boolean
}
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }

const openapi = (await (await api('/openapi.json')).json()) as OpenApi
const operations = Object.entries(openapi.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path: path.replace(/^\/api\/v1/, ''),
    op,
    access: op['x-access'],
  })),
)

const ROLE_PERMISSIONS = new Map<string, ReadonlySet<string>>(SYSTEM_ROLES.map((r) => [r.name, new Set<string>(r.permissions)]))
const STAFF_ROLES = SYSTEM_ROLES.filter((r) => r.scope === 'staff').map((r) => r.name as SystemRoleName)

interface Caller {
  name: string
  token?: string
  isStaff: boolean
  staffPermissions: ReadonlySet<string>
  /** Permissions held in A, or null when not a member of A. */
  inTarget: ReadonlySet<string> | null
  /** Every permission held through any role. */
  anywhere: ReadonlySet<string>
}

let admin: User
let productCode: string
/** The target business and one of everything it owns, every id created through the API. */
const A = {} as {
  owner: User
  businessId: string
  regNo: string
  kycId: string
  addressId: string
  meansOfIdId: string
  corporateId: string
  childId: string
  draftId: string
  documentId: string
  deferralId: string
  onboardingId: string
  fileId: string
  pendingFileId: string
  spareMembershipId: string
  accessRequestId: string
  spareFileId: string
  tinTypeId: string
  typeId: string
  categoryId: string
}
const callers: Caller[] = []
/** A BVN typed into A's draft: only A's own KYC editors may read it in clear, in any answer. */
const DRAFT_BVN = '22271635489'
/** Reference data every business uses, not records of A. */
const REFERENCE_IDS = new Set(['tinTypeId', 'typeId', 'categoryId'])

const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as Record<string, unknown>
}

beforeAll(async () => {
  admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
  productCode = `AM-${randomUUID().slice(0, 8).toUpperCase()}`
  const categories = (await ok(await api('/products/categories'))) as unknown as { id: string }[]
  const divisions = (await ok(await api('/business-divisions', { token: admin.token }))) as unknown as { id: string }[]
  const product = await ok(
    await apiApproved('/products', {
      method: 'POST',
      token: admin.token,
      json: {
        code: productCode,
        name: `Access matrix ${productCode}`,
        categoryId: categories[0]!.id,
        divisionId: divisions[0]!.id,
        requirements: [{ label: 'Settlement account', type: 'Text Input', required: true }],
      },
    }),
    201,
  )
  await ok(
    await apiApproved(`/products/${String(product.id)}/go-live`, { method: 'PUT', token: admin.token, json: { live: true } }),
  )

  A.typeId = ((await ok(await api('/business-types'))) as unknown as { id: string }[])[0]!.id
  A.categoryId = ((await ok(await api('/business-categories'))) as unknown as { id: string }[])[0]!.id
  A.owner = await signedInUser({ businesses: [{}] })
  A.businessId = A.owner.businessIds[0]!
  const a = A.owner.token
  A.regNo = String((await ok(await api(`/businesses/${A.businessId}`, { token: a }))).regNo)
  A.kycId = (await createKyc(a, A.businessId)).id
  A.addressId = String(
    (
      await ok(
        await api('/kyc/addresses', {
          method: 'POST',
          token: a,
          json: addressBody(A.kycId, { addressDocFileId: await uploadFile(a, A.businessId, 'ADDRESS_DOC') }),
        }),
        201,
      )
    ).id,
  )
  A.corporateId = String(
    (
      await ok(
        await api('/kyc/shareholders', { method: 'POST', token: a, json: corporateBody(A.kycId, { percentage: 40 }) }),
        201,
      )
    ).id,
  )
  A.childId = String(
    (
      await ok(
        await api('/kyc/shareholders', {
          method: 'POST',
          token: a,
          json: individualBody(A.kycId, { parentShareholderId: A.corporateId, percentage: 100 }),
        }),
        201,
      )
    ).id,
  )
  A.meansOfIdId = String(
    (
      await ok(
        await api('/kyc/means-of-ids', {
          method: 'POST',
          token: a,
          json: meansOfIdBody(A.kycId, { fileId: await uploadFile(a, A.businessId, 'MEANS_OF_ID'), shareholderId: A.childId }),
        }),
        201,
      )
    ).id,
  )
  A.draftId = String(
    (
      await ok(
        await api('/draft-forms', {
          method: 'POST',
          token: a,
          json: { businessId: A.businessId, kycDetailTypeId: 'SHAREHOLDERS', data: { note: 'half done', bvn: DRAFT_BVN } },
        }),
        201,
      )
    ).id,
  )
  A.tinTypeId = (await typeByCode('TIN_CERTIFICATE')).id
  A.fileId = await uploadFile(a, A.businessId, 'KYC_DOCUMENT')
  A.documentId = String(
    (
      await ok(
        await api('/kyc/documents', {
          method: 'POST',
          token: a,
          json: { kycDetailsId: A.kycId, documentTypeId: A.tinTypeId, fileId: A.fileId },
        }),
        201,
      )
    ).id,
  )
  A.spareFileId = await uploadFile(a, A.businessId, 'KYC_DOCUMENT')
  A.deferralId = (await requestDeferral(a, A.businessId, 'MEMART')).id
  A.onboardingId = String(
    (
      await ok(
        await api('/onboarding-products', { method: 'POST', token: a, json: { businessId: A.businessId, productCode } }),
        201,
      )
    ).id,
  )
  A.pendingFileId = String(
    (
      await ok(
        await api('/files/upload-url', {
          method: 'POST',
          token: a,
          json: {
            fileName: 'later.pdf',
            contentType: 'application/pdf',
            size: PDF.byteLength,
            purpose: 'KYC_DOCUMENT',
            businessId: A.businessId,
          },
        }),
        201,
      )
    ).fileId,
  )
  const spare = await signedInUser({ businesses: [{ businessId: A.businessId, role: 'BUSINESS_MEMBER' }] })
  const users = (await ok(await api(`/businesses/${A.businessId}/users?pageSize=100`, { token: a }))).content as {
    id: string
    userId?: string
    email?: string
  }[]
  A.spareMembershipId = users.find((u) => u.email === spare.user.email)!.id
  const requester = await signedInUser()
  A.accessRequestId = String(
    (
      await ok(
        await api('/existing-profile?type=business', { method: 'POST', token: requester.token, json: { identifier: A.regNo } }),
        201,
      )
    ).id,
  )

  const member = await signedInUser({ businesses: [{ businessId: A.businessId, role: 'BUSINESS_MEMBER' }] })
  const otherOwner = await signedInUser({ businesses: [{}] })
  const loner = await signedInUser()
  const none = new Set<string>()
  const owner = ROLE_PERMISSIONS.get('BUSINESS_OWNER')!
  const plain = ROLE_PERMISSIONS.get('BUSINESS_MEMBER')!
  callers.push(
    { name: 'anonymous', isStaff: false, staffPermissions: none, inTarget: null, anywhere: none },
    {
      name: 'owner of another business',
      token: otherOwner.token,
      isStaff: false,
      staffPermissions: none,
      inTarget: null,
      anywhere: owner,
    },
    {
      name: 'plain member of the business',
      token: member.token,
      isStaff: false,
      staffPermissions: none,
      inTarget: plain,
      anywhere: plain,
    },
    {
      name: 'signed in, no business',
      token: loner.token,
      isStaff: false,
      staffPermissions: none,
      inTarget: null,
      anywhere: none,
    },
    {
      name: 'owner of the business',
      token: A.owner.token,
      isStaff: false,
      staffPermissions: none,
      inTarget: owner,
      anywhere: owner,
    },
  )
  for (const role of STAFF_ROLES) {
    const user = role === 'SUPER_ADMIN' ? admin : await signedInUser({ staffRole: role })
    const held = ROLE_PERMISSIONS.get(role)!
    callers.push({ name: role, token: user.token, isStaff: true, staffPermissions: held, inTarget: null, anywhere: held })
  }
}, 120_000)

// ---- filling in a call ----

/** What each path parameter names, per path (business routes must be listed: their refusals depend on real ids). */
const PATH_IDS: Record<string, Record<string, () => string>> = {
  '/businesses/{id}': { id: () => A.businessId },
  '/businesses/pdf-info/{id}': { id: () => A.businessId },
  '/businesses/{id}/users': { id: () => A.businessId },
  '/businesses/{id}/factor-policy': { id: () => A.businessId },
  '/businesses/{id}/products': { id: () => A.businessId },
  '/businesses/{id}/outstanding': { id: () => A.businessId },
  '/businesses/{id}/data-views': { id: () => A.businessId },
  '/businesses/{id}/completed-kyc-details': { id: () => A.businessId },
  '/businesses/{id}/approve': { id: () => A.businessId },
  '/businesses/{id}/approval-checklist': { id: () => A.businessId },
  '/businesses/{id}/screening': { id: () => A.businessId },
  '/businesses/{id}/ownership': { id: () => A.businessId },
  '/businesses/{id}/assignee': { id: () => A.businessId },
  '/businesses/attachment/{id}': { id: () => A.businessId },
  '/businesses/user/{id}': { id: () => A.spareMembershipId },
  '/existing-profile/requests/{id}': { id: () => A.accessRequestId },
  '/archive/business/{id}': { id: () => A.businessId },
  '/archive/business/{id}/unarchive': { id: () => A.businessId },
  '/files/{id}': { id: () => A.fileId },
  '/files/{id}/confirm': { id: () => A.pendingFileId },
  '/kyc/details/{id}': { id: () => A.kycId },
  '/kyc/details-first-entity/{id}': { id: () => A.businessId },
  '/kyc/company/additional-doc/{id}': { id: () => A.kycId },
  '/kyc/addresses/all-kyc/{id}': { id: () => A.kycId },
  '/kyc/addresses/{id}': { id: () => A.addressId },
  '/kyc/addresses/{id}/file': { id: () => A.addressId },
  '/kyc/addresses/{id}/verification': { id: () => A.addressId },
  '/kyc/means-of-ids/{id}': { id: () => A.meansOfIdId },
  '/kyc/means-of-ids/{id}/reveal': { id: () => A.meansOfIdId },
  '/kyc/shareholders/{id}/reveal': { id: () => A.childId },
  '/kyc/means-of-ids/{id}/file': { id: () => A.meansOfIdId },
  '/kyc/shareholders/{id}': { id: () => A.corporateId },
  '/kyc/child-shareholders/{id}': { id: () => A.corporateId },
  '/kyc/{id}': { id: () => A.kycId },
  '/kyc/document-checklist/{businessId}': { businessId: () => A.businessId },
  '/kyc/documents/{kycDetailsId}': { kycDetailsId: () => A.kycId },
  '/kyc/{kycDetailsId}/enhanced-due-diligence': { kycDetailsId: () => A.kycId },
  '/kyc/documents/{id}': { id: () => A.documentId },
  '/kyc/documents/{id}/review': { id: () => A.documentId },
  '/kyc/documents/{id}/reupload-request': { id: () => A.documentId },
  '/kyc/cac-documents-for-reviews/{kycDetailsId}': { kycDetailsId: () => A.kycId },
  '/kyc/cac-documents-approval/{kycDetailsId}': { kycDetailsId: () => A.kycId },
  '/kyc/business/{id}/verified': { id: () => A.businessId },
  '/verified-kyc/{id}': { id: () => A.businessId },
  '/draft-forms/{id}': { id: () => A.draftId },
  '/draft-forms/{businessId}/{kycDetailTypeId}': { businessId: () => A.businessId, kycDetailTypeId: () => 'SHAREHOLDERS' },
  '/deferrals/{id}': { id: () => A.deferralId },
  '/deferrals/approval/{deferralId}': { deferralId: () => A.deferralId },
  '/deferrals/business-deferrals/{id}': { id: () => A.businessId },
  '/deferrals/deferrable-days/{days}': { days: () => '30' },
  '/onboarding-products/{id}': { id: () => A.onboardingId },
  '/onboarding-products/{id}/requirements': { id: () => A.onboardingId },
  '/onboarding-products/{id}/submit': { id: () => A.onboardingId },
  '/onboarding-products/details/{id}': { id: () => A.onboardingId },
  '/onboarding-products/can-proceed-kyc-capturing/{id}': { id: () => A.onboardingId },
  '/onboarding-products/approve/{id}': { id: () => A.onboardingId },
  '/onboarding-products/completed/{id}': { id: () => A.onboardingId },
  '/onboarding-products/business/{id}': { id: () => A.businessId },
  '/onboarding-products/me/{productCode}': { productCode: () => productCode },
  '/onboarding-products/{code}': { code: () => productCode },
  '/products/{code}': { code: () => productCode },
  '/countries/{id}': { id: () => 'NG' },
  '/accounts/reset-password/{otp}': { otp: () => '123456' },
  '/businesses/check/reg-no/{value}': { value: () => A.regNo },
  '/businesses/check/business-name/{value}': { value: () => 'Access matrix' },
}

/** Query strings the calls need (required parameters, or a filter naming A). */
const QUERIES: Record<string, () => string> = {
  'GET /existing-profile/requests': () => `businessId=${A.businessId}`,
  'GET /existing-profile': () => `identifier=${A.regNo}&type=business`,
  'POST /existing-profile': () => 'type=business',
  'GET /kyc/shareholders': () => `kycDetailsId=${A.kycId}`,
  'GET /deferrals/deferrable': () => `id=${A.businessId}&isCAC=0`,
  'DELETE /kyc/addresses/{id}/file': () => 'type=address_doc',
  'GET /onboarding-products/me/{productCode}': () => `businessId=${A.businessId}`,
  'GET /dev/outbox': () => `to=${encodeURIComponent(A.owner.user.email)}`,
  'GET /countries/states': () => 'country=NG',
  'GET /service-levels/holidays': () => 'year=2026',
}

/** Valid-shaped bodies: business routes need them to reach the service's object check. */
const BODIES: Record<string, () => unknown> = {
  'POST /kyc/means-of-ids/{id}/reveal': () => ({ field: 'idNumber', reason: 'Access matrix: checking the ID' }),
  'POST /kyc/shareholders/{id}/reveal': () => ({ field: 'bvn', reason: 'Access matrix: checking the BVN' }),
  'POST /businesses/user': () => ({
    businessId: A.businessId,
    email: `invitee-${randomUUID()}@example.test`,
    role: 'BUSINESS_MEMBER',
  }),
  'PUT /businesses/user/{id}': () => ({ isActive: true }),
  'POST /businesses': () => ({
    name: `Matrix Foods ${randomUUID().slice(0, 8)} Limited`,
    regNo: `RC${String(Date.now()).slice(-7)}`,
    typeId: A.typeId,
    categoryId: A.categoryId,
    email: 'hello@matrix.example.ng',
    phone: '+2348031234567',
    address: { line1: '12 Marina Road', city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
    ownerEmail: `owner-${randomUUID()}@example.test`,
  }),
  'PATCH /businesses/{id}': () => ({ website: 'https://matrix.example.ng' }),
  'PUT /existing-profile/requests/{id}': () => ({ decision: 'REFUSED' }),
  'POST /existing-profile': () => ({ identifier: A.regNo }),
  'POST /deferrals': () => ({
    businessId: A.businessId,
    documentTypeId: A.tinTypeId,
    days: 5,
    reason: 'Waiting for the FIRS to issue it.',
  }),
  'POST /files/upload-url': () => ({
    fileName: 'matrix.pdf',
    contentType: 'application/pdf',
    size: PDF.byteLength,
    purpose: 'KYC_DOCUMENT',
    businessId: A.businessId,
  }),
  'POST /kyc/details': () => companyDetailsBody(A.businessId),
  'PUT /kyc/details/{id}': () => ({ natureOfBusiness: 'Food processing' }),
  'POST /kyc/addresses': () => addressBody(A.kycId, { type: 'OPERATING' }),
  'PUT /kyc/addresses/{id}': () => ({ line2: 'Second floor' }),
  'POST /kyc/means-of-ids': () => meansOfIdBody(A.kycId),
  'PUT /kyc/means-of-ids/{id}': () => ({ firstName: 'Ada' }),
  'POST /kyc/shareholders': () => individualBody(A.kycId, { percentage: 1 }),
  'PUT /kyc/shareholders/{id}': () => ({ companyName: 'Eko Holdings Limited' }),
  'POST /draft-forms': () => ({ businessId: A.businessId, kycDetailTypeId: 'ADDRESSES', data: { note: 'matrix' } }),
  'PUT /draft-forms/{id}': () => ({ data: { note: 'matrix' } }),
  'POST /kyc/documents': () => ({ kycDetailsId: A.kycId, documentTypeId: A.tinTypeId, fileId: A.spareFileId }),
  'POST /onboarding-products': () => ({ businessId: A.businessId, productCode }),
  'PUT /onboarding-products/{id}/requirements': () => ({ answers: [{ key: 'settlement_account', value: '0123456789' }] }),
}

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {}
  if (schema.$ref) return resolve(openapi.components?.schemas?.[schema.$ref.split('/').pop()!])
  const branch = schema.allOf?.[0] ?? schema.anyOf?.find((s) => resolve(s).type !== 'null') ?? schema.oneOf?.[0]
  return branch && !schema.properties && !schema.type ? resolve(branch) : schema
}

/** A body of the right shape for operations not in BODIES: required fields only, ids of A where the name says so. */
function sampleOf(schema: Schema, name = ''): unknown {
  const s = resolve(schema)
  if (s.enum) return s.enum[0]
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  if (s.format === 'uuid') return /business/i.test(name) ? A.businessId : /kyc/i.test(name) ? A.kycId : randomUUID()
  if (s.format === 'email') return `matrix-${randomUUID()}@example.test`
  if (s.format === 'date') return '2030-01-01'
  switch (type) {
    case 'string':
      return 'Access matrix sample text'
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1)
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
    default:
      return Object.fromEntries((s.required ?? []).map((k) => [k, sampleOf(s.properties?.[k] ?? {}, k)]))
  }
}

interface Call {
  key: string
  method: string
  url: string
  json?: unknown
  access: AccessDeclaration
  /** The call names the target business (its ids in the path, query or body). */
  targetsA: boolean
  /** Needs a fresh factor (docs/security.md#step-up): the caller's proof is renewed first, so access alone decides. */
  stepUp: boolean
}

function callFor({ method, path, op, access }: (typeof operations)[number]): Call {
  const key = `${method} ${path}`
  const ids = PATH_IDS[path] ?? {}
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (ids[name] ? ids[name]() : randomUUID()))
  const query = QUERIES[key]?.() ?? ''
  const schema = op.requestBody?.content['application/json']?.schema
  const json = BODIES[key] ? BODIES[key]() : schema ? sampleOf(schema) : op.requestBody ? {} : undefined
  const aIds = Object.entries(A)
    .filter(([name, v]) => !REFERENCE_IDS.has(name) && typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v))
    .map(([, v]) => v as string)
  const text = `${url}?${query} ${JSON.stringify(json ?? null)}`
  return {
    key,
    method,
    url: query ? `${url}?${query}` : url,
    json,
    access: access!,
    targetsA: aIds.some((id) => text.includes(id)),
    stepUp: op['x-step-up'] === true,
  }
}

const holds = (held: ReadonlySet<string>, access: AccessDeclaration) =>
  access.permissions.length === 0 ||
  (access.match === 'any'
    ? access.permissions.some((p) => held.has(p))
    : access.permissions.every((p: Permission) => held.has(p)))

/** The refusal the declaration promises this caller, or null when it lets them in (see the header). */
function expectedRefusal(caller: Caller, call: Call): number[] | null {
  const { access } = call
  if (access.kind === 'public') return null
  if (!caller.token) return [401]
  switch (access.kind) {
    case 'signed-in':
      if (access.membersOnly && caller.isStaff) return [403]
      return holds(caller.anywhere, access) ? null : [403]
    case 'staff':
      return caller.isStaff && holds(caller.staffPermissions, access) ? null : [403]
    case 'business':
      if (access.membersOnly && !holds(caller.anywhere, access)) return [403]
      if (caller.isStaff) return !access.membersOnly && holds(caller.staffPermissions, access) ? null : [403, 404]
      if (!call.targetsA) return null
      if (!caller.inTarget) return [404]
      return holds(caller.inTarget, access) ? null : [403, 404]
  }
}

/** As if the caller had just confirmed it is them (the matrix runs for minutes, longer than the step-up window). */
async function renewProof(token: string) {
  const sessionId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid
  await (await getDb()).update(sessions).set({ passwordVerifiedAt: new Date() }).where(eq(sessions.id, sessionId))
}

async function send(caller: Caller, call: Call) {
  if (call.stepUp && caller.token) await renewProof(caller.token)
  const res = await api(call.url, {
    method: call.method,
    token: caller.token,
    ...(call.json !== undefined ? { json: call.json } : {}),
  })
  // A refreshed token replaces (revokes) the caller's old one, as in the browser: go on with the new one.
  if (call.key === 'POST /accounts/refresh-token' && res.status === 200)
    caller.token = ((await res.clone().json()) as { access_token: string }).access_token
  return res
}

const WRITE_ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 }
const phaseTwoOrder = (call: Call) => (call.key === 'POST /accounts/logout' ? 9 : (WRITE_ORDER[call.method] ?? 1))

describe('the access matrix', () => {
  it('covers every operation of the document, each with a declared access', () => {
    expect(operations.length).toBeGreaterThan(140)
    expect(operations.filter((o) => !o.access).map((o) => `${o.method} ${o.path}`)).toEqual([])
    const unmapped = operations
      .filter((o) => o.access?.kind === 'business' && o.path.includes('{'))
      .flatMap((o) =>
        [...o.path.matchAll(/\{(\w+)\}/g)]
          .filter(([, name]) => !PATH_IDS[o.path]?.[name!])
          .map(([, name]) => `${o.method} ${o.path} {${name}}`),
      )
    expect(unmapped, 'business routes need the target id of each path parameter in PATH_IDS').toEqual([])
  })

  it('answers every refused caller as declared: 401 anonymous, 403 without the permission, 404 outside the business', async () => {
    const wrong: string[] = []
    let checked = 0
    for (const operation of operations) {
      const call = callFor(operation)
      for (const caller of callers) {
        const refusal = expectedRefusal(caller, call)
        if (!refusal) continue
        const res = await send(caller, call)
        checked++
        if (!refusal.includes(res.status))
          wrong.push(
            `${call.key} as ${caller.name} → ${res.status}, declared ${JSON.stringify(call.access)} means ${refusal.join(' or ')}: ${(await res.text()).slice(0, 160)}`,
          )
      }
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThan(800)
  }, 300_000)

  it('lets in every caller the declaration lets in (any 2xx/4xx but an access refusal), and never answers 5xx', async () => {
    const wrong: string[] = []
    const calls = operations.map(callFor).sort((x, y) => phaseTwoOrder(x) - phaseTwoOrder(y))
    for (const call of calls) {
      for (const caller of callers) {
        if (expectedRefusal(caller, call)) continue
        const res = await send(caller, call)
        const text = await res.text()
        const fourEyes = res.status === 403 && text.includes('"FOUR_EYES"')
        if (text.includes(DRAFT_BVN) && !(caller.inTarget && canEditKyc(caller.inTarget)))
          wrong.push(`${call.key} as ${caller.name} answers the draft's BVN in clear`)
        if (res.status >= 500 || res.status === 401 || (res.status === 403 && !fourEyes)) {
          wrong.push(
            `${call.key} as ${caller.name} → ${res.status}, declared ${JSON.stringify(call.access)}: ${text.slice(0, 200)}`,
          )
        }
      }
    }
    expect(wrong).toEqual([])
  }, 300_000)
})
