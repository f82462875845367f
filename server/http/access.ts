import { z } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import type { ZodType } from 'zod'
import type { Permission } from '@/lib/permissions/names'
import { assertFreshProof } from '@/server/auth/step-up'
import { AppError } from './app-error'
import { authenticate } from './auth'
import type { Actor, AppEnv } from './context'
import { bearerSecurity } from './openapi'
import { permissionRefused } from './refusals'

/**
 * Who may call a route, declared once on the route and published as the operation's `x-access` extension in
 * /openapi.json (tests/api/access-matrix.test.ts tries every operation against it):
 * - `public`: no token.
 * - `signed-in`: any signed-in user; listed permissions are checked here, held through any role (staff or a business).
 *   `membersOnly` here: business users only, staff are refused (403) - e.g. asking to join a business.
 * - `business`: signed in here; the service checks the object: staff act with the permissions held as staff, anyone
 *   else only inside the business the record belongs to (another business's record answers 404, a member lacking the
 *   permissions 403). `membersOnly`: only a business's own users act here (staff: 403); the route first checks that
 *   the caller holds the permissions in some business (403 otherwise), the service that they hold them in the target.
 * - `staff`: staff holding the permissions as staff (every one, or `match: 'any'` one of them); 403 otherwise.
 */
export type AccessKind = 'public' | 'signed-in' | 'business' | 'staff'

export interface AccessDeclaration {
  kind: AccessKind
  permissions: Permission[]
  match: 'all' | 'any'
  membersOnly?: true
  /** Works in a session that may only enrol a second factor (account, factors, refresh, sign-out). */
  duringEnrolment?: true
}

/** True when the actor is staff and holds one of these as a staff permission (not through a business membership). */
export function holdsStaffPermission(actor: Actor, ...anyOf: Permission[]): boolean {
  return actor.isStaff && anyOf.some((p) => actor.staffPermissions.has(p))
}

/** Staff only, holding at least one of the permissions (403 otherwise). */
export function assertStaffWithAny(actor: Actor, ...anyOf: Permission[]): void {
  if (!actor.isStaff) throw new AppError('FORBIDDEN', 'Only staff can do this')
  if (!holdsStaffPermission(actor, ...anyOf)) throw permissionRefused(anyOf, { scope: 'staff' })
}

/** Staff only, holding every one of the permissions as staff (403 otherwise). */
export function assertStaffWithAll(actor: Actor, ...all: Permission[]): void {
  if (!actor.isStaff) throw new AppError('FORBIDDEN', 'Only staff can do this')
  const missing = all.filter((p) => !actor.staffPermissions.has(p))
  if (missing.length) throw permissionRefused(missing, { scope: 'staff', match: 'all' })
}

/** What a route's guard checks of the signed-in actor, after the enrolment gate; throws its refusal. */
type ActorCheck = (actor: Actor) => void

const anyActor: ActorCheck = () => undefined

/** Every listed permission, held through any role (403 otherwise). */
const holdingAll =
  (...required: Permission[]): ActorCheck =>
  (actor) => {
    const missing = required.filter((p) => !actor.permissions.has(p))
    if (missing.length) throw permissionRefused(missing, { scope: actor.isStaff ? 'staff' : 'business', match: 'all' })
  }

const notStaff: ActorCheck = (actor) => {
  if (actor.isStaff) throw new AppError('FORBIDDEN', 'Staff cannot do this; it is for business users')
}

/**
 * One middleware per route: the actor (401 without a valid token), then the enrolment gate, then the route's own check.
 * A session that must enrol a factor first (server/modules/factors/factor-policy.ts) reaches only the routes declared
 * `duringEnrolment`; everything else answers 403 FACTOR_ENROLMENT_REQUIRED.
 */
const declared = (declaration: AccessDeclaration, check: ActorCheck) => ({
  security: bearerSecurity,
  middleware: [
    createMiddleware<AppEnv>(async (c, next) => {
      const actor = await authenticate(c)
      if (actor.proof.enrolmentOnly && !declaration.duringEnrolment) {
        throw new AppError('FACTOR_ENROLMENT_REQUIRED', 'Set up a second factor (an authenticator app) before anything else')
      }
      check(actor)
      await next()
    }),
  ],
  'x-access': declaration,
})

/**
 * The route needs a second factor used within the last 5 minutes (docs/security.md#step-up), after the access
 * check: `...stepUp(access.staff(P.X))`. Published as the operation's `x-step-up`.
 */
export function stepUp<T extends { middleware: unknown[]; 'x-access': AccessDeclaration }>(declaration: T) {
  return {
    ...declaration,
    middleware: [
      ...declaration.middleware,
      createMiddleware<AppEnv>(async (c, next) => {
        assertFreshProof(await authenticate(c))
        await next()
      }),
    ],
    'x-step-up': true as const,
  }
}

export const access = {
  public: () => ({ 'x-access': { kind: 'public', permissions: [], match: 'all' } satisfies AccessDeclaration }),
  /** Any signed-in user, also in a session that may only enrol a factor. */
  enrolling: () => declared({ kind: 'signed-in', permissions: [], match: 'all', duringEnrolment: true }, anyActor),
  signedIn: (...permissions: Permission[]) =>
    declared({ kind: 'signed-in', permissions, match: 'all' }, permissions.length ? holdingAll(...permissions) : anyActor),
  /** Any signed-in business user; staff are refused. */
  businessUsers: () => declared({ kind: 'signed-in', permissions: [], match: 'all', membersOnly: true }, notStaff),
  business: (...permissions: Permission[]) => declared({ kind: 'business', permissions, match: 'all' }, anyActor),
  businessAny: (...permissions: Permission[]) => declared({ kind: 'business', permissions, match: 'any' }, anyActor),
  /** A business's own users only (holding the permissions inside it); staff are refused by the service. */
  businessMembers: (...permissions: Permission[]) =>
    declared({ kind: 'business', permissions, match: 'all', membersOnly: true }, holdingAll(...permissions)),
  staff: (...permissions: Permission[]) =>
    declared({ kind: 'staff', permissions, match: 'all' }, (actor) => assertStaffWithAll(actor, ...permissions)),
  staffAny: (...permissions: Permission[]) =>
    declared({ kind: 'staff', permissions, match: 'any' }, (actor) => assertStaffWithAny(actor, ...permissions)),
}

/** A required JSON request body: `request: { params: idParam, ...jsonBody(schema) }`. */
export const jsonBody = <T extends ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

/** `{id}` as a UUID, named in the 400 when it is not one. */
export const idParam = z.object({ id: z.uuid({ message: 'must be an id (UUID)' }) })

/** The 204 answer of a delete. */
export const noContent = { 204: { description: 'Done' } }
