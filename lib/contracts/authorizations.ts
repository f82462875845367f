import { z } from 'zod'
import { ALL_PERMISSIONS } from '@/lib/permissions/names'
import {
  AUTHORIZATION_DECISIONS,
  AUTHORIZATION_STATUSES,
  AUTHORIZATION_RESOURCES,
  AUTHORIZATION_TYPES,
  COMMENT_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  STAFF_USER_SET_STATUSES,
} from './authorization-values'
import { dateQuerySchema } from './date-query'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { dueQuery, openDueFieldsSchema } from './service-levels'

const ROLE_SCOPES = ['staff', 'business'] as const
const USER_STATUSES = ['PENDING_ACTIVATION', 'ACTIVE', 'DISABLED'] as const

// ---------- permissions ----------

export const permissionSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    area: z.string(),
    scope: z.enum(ROLE_SCOPES),
  })
  .meta({ id: 'Permission' })
export type PermissionInfo = z.infer<typeof permissionSchema>

export const permissionAreaSchema = z.object({ area: z.string(), permissions: z.array(permissionSchema) })
export const permissionListSchema = z.object({
  permissions: z.array(permissionSchema),
  areas: z.array(permissionAreaSchema),
})
export type PermissionList = z.infer<typeof permissionListSchema>

// ---------- roles ----------

export const roleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    scope: z.enum(ROLE_SCOPES),
    isSystem: z.boolean(),
    permissions: z.array(z.string()),
    userCount: z.number().int(),
    pendingAuthorizationId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Role' })
export type RoleRecord = z.infer<typeof roleSchema>

export const roleListQuerySchema = z.object({
  scope: z.enum(ROLE_SCOPES, { message: 'must be staff or business' }).optional(),
  search: z.string().trim().max(100, 'at most 100 characters').optional(),
})
export type RoleListQuery = z.infer<typeof roleListQuerySchema>

const permissionName = z.enum(ALL_PERMISSIONS as [string, ...string[]], { message: 'must be a known permission' })

const roleFields = {
  name: z
    .string({ message: 'Give the role a name' })
    .trim()
    .min(2, 'A role name has at least 2 characters')
    .max(ROLE_NAME_MAX_LENGTH, `A role name has at most ${ROLE_NAME_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9 _-]+$/, 'Use letters, digits, spaces, dashes and underscores'),
  description: z.string().trim().max(300, 'A description has at most 300 characters').optional(),
  permissions: z
    .array(permissionName, { message: 'Choose the permissions' })
    .min(1, 'Choose at least one permission')
    .max(ALL_PERMISSIONS.length),
}

/** `POST /roles`: the proposed role (nothing is created until a checker approves). */
export const roleCreateSchema = z.object({ ...roleFields, scope: z.enum(ROLE_SCOPES, { message: 'must be staff or business' }) })
export type RoleCreateInput = z.input<typeof roleCreateSchema>

/** `PUT /roles/{id}?reason=`: the role as it should become. */
export const roleUpdateSchema = z.object(roleFields)
export type RoleUpdateInput = z.input<typeof roleUpdateSchema>

export const reasonQuerySchema = z.object({
  reason: z
    .string({ message: 'Give a reason' })
    .trim()
    .min(REASON_MIN_LENGTH, `Give a reason (at least ${REASON_MIN_LENGTH} characters)`)
    .max(REASON_MAX_LENGTH, `A reason has at most ${REASON_MAX_LENGTH} characters`),
})

// ---------- staff users ----------

const roleRefSchema = z.object({ id: z.string(), name: z.string() })

export const staffUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    status: z.enum(USER_STATUSES),
    roles: z.array(roleRefSchema),
    pendingAuthorizationId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StaffUser' })
export type StaffUser = z.infer<typeof staffUserSchema>
export const staffUserPageSchema = pageSchema(staffUserSchema)

export const staffUserListQuerySchema = pageQuerySchema.extend({
  role: z.uuid({ message: 'must be a role id (UUID)' }).optional(),
  status: z.enum(USER_STATUSES, { message: `must be one of ${USER_STATUSES.join(', ')}` }).optional(),
  search: z.string().trim().max(100, 'at most 100 characters').optional(),
})
export type StaffUserListQuery = z.output<typeof staffUserListQuerySchema>
export type StaffUserListParams = z.input<typeof staffUserListQuerySchema>

export const staffUserSearchQuerySchema = z.object({
  searchKey: z.string().trim().min(1, 'Type something to search for').max(100, 'at most 100 characters'),
})

export const staffUserEmailSchema = z.object({ id: z.string(), email: z.string() })

const roleIds = z
  .array(z.uuid({ message: 'must be a role id (UUID)' }), { message: 'Choose the roles' })
  .min(1, 'Choose at least one role')
  .max(20)

/** `POST /users`: invite a staff user with these staff roles (after approval they get a set-password link). */
export const staffUserCreateSchema = z.object({
  email: z.email({ message: 'Enter a valid e-mail address' }).trim().toLowerCase().max(254),
  firstName: z.string({ message: 'Enter the first name' }).trim().min(1, 'Enter the first name').max(100),
  lastName: z.string({ message: 'Enter the last name' }).trim().min(1, 'Enter the last name').max(100),
  roleIds,
})
export type StaffUserCreateInput = z.input<typeof staffUserCreateSchema>

/** `PUT /users/{id}?reason=`: the user's staff roles and status as they should become. */
export const staffUserUpdateSchema = z.object({
  roleIds,
  status: z.enum(STAFF_USER_SET_STATUSES, { message: 'must be ACTIVE or DISABLED' }),
})
export type StaffUserUpdateInput = z.input<typeof staffUserUpdateSchema>

// ---------- authorizations ----------

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() })

export const diffEntrySchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.union([z.string(), z.array(z.string())]).nullable(),
  after: z.union([z.string(), z.array(z.string())]).nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
})
export type DiffEntry = z.infer<typeof diffEntrySchema>

export const authorizationSchema = z
  .object({
    id: z.string(),
    type: z.enum(AUTHORIZATION_TYPES),
    resource: z.enum(AUTHORIZATION_RESOURCES),
    resourceId: z.string().nullable(),
    /** The role's name or the user's e-mail, as requested. */
    target: z.string(),
    status: z.enum(AUTHORIZATION_STATUSES),
    reason: z.string().nullable(),
    proposal: z.record(z.string(), z.unknown()),
    maker: personSchema,
    checker: personSchema.nullable(),
    comment: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'Authorization' })
export type Authorization = z.infer<typeof authorizationSchema>
/** A row of `GET /authorizations/v2`: a PENDING one carries its due time (docs/service-levels.md#due-times). */
export const authorizationRowSchema = authorizationSchema.extend(openDueFieldsSchema.shape)
export type AuthorizationRowItem = z.infer<typeof authorizationRowSchema>
export const authorizationPageSchema = pageSchema(authorizationRowSchema)

export const authorizationDetailSchema = authorizationSchema
  .extend({
    /** Before → after, computed when read: the stored record against the proposal (for a decided one, the record as it was). */
    diff: z.array(diffEntrySchema),
    /** Pending, but the record changed since the request: approving will answer 409. */
    stale: z.boolean(),
    /**
     * What the checker should know before deciding, in words: for a new staff account, the existing staff users who
     * share its name or e-mail address (a second account for the same person defeats four-eyes).
     */
    warnings: z.array(z.string()),
  })
  .meta({ id: 'AuthorizationDetail' })
export type AuthorizationDetail = z.infer<typeof authorizationDetailSchema>

export const authorizationListQuerySchema = pageQuerySchema.extend({
  /** `createdAt`, `type`, `status` or `dueAt` (pending by due time), with `,asc` or `,desc`; by default pending first, then newest first. */
  sort: sortQuery(['createdAt', 'type', 'status', 'dueAt']),
  /** PENDING ones by due time (docs/service-levels.md#due-times). */
  due: dueQuery,
  status: z.enum(AUTHORIZATION_STATUSES, { message: `must be one of ${AUTHORIZATION_STATUSES.join(', ')}` }).optional(),
  type: z.enum(AUTHORIZATION_TYPES, { message: `must be one of ${AUTHORIZATION_TYPES.join(', ')}` }).optional(),
  makerId: z.uuid({ message: 'must be a user id (UUID)' }).optional(),
  /** Only the caller's own requests. */
  mine: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  from: dateQuerySchema().optional(),
  to: dateQuerySchema().optional(),
})
export type AuthorizationListQuery = z.output<typeof authorizationListQuerySchema>
export type AuthorizationListParams = z.input<typeof authorizationListQuerySchema>

/** `GET /authorizations/pending?resource=`: the PENDING requests of one kind of record, shown on the record they change. */
export const pendingAuthorizationQuerySchema = z.object({
  resource: z.enum(AUTHORIZATION_RESOURCES, { message: `must be one of ${AUTHORIZATION_RESOURCES.join(', ')}` }),
})
export const pendingAuthorizationSchema = z
  .object({
    id: z.string(),
    type: z.enum(AUTHORIZATION_TYPES),
    resource: z.enum(AUTHORIZATION_RESOURCES),
    /** The record it changes; null for a new record or a setting. */
    resourceId: z.string().nullable(),
    target: z.string(),
    /** What it asks for, after "A request to …": `take Escrow (ESC) live`. */
    what: z.string(),
    maker: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.string(),
    /** The caller made it. */
    mine: z.boolean(),
    /** Whether the caller may open the request (a reader of every authorization, or its maker). */
    visible: z.boolean(),
  })
  .meta({ id: 'PendingAuthorization' })
export type PendingAuthorization = z.infer<typeof pendingAuthorizationSchema>

/** `PUT /authorizations/{id}`: a comment is required to decline. */
export const authorizationDecisionSchema = z
  .object({
    decision: z.enum(AUTHORIZATION_DECISIONS, { message: 'must be APPROVED or DECLINED' }),
    comment: z.string().trim().max(COMMENT_MAX_LENGTH, `A comment has at most ${COMMENT_MAX_LENGTH} characters`).optional(),
  })
  .refine((v) => v.decision === 'APPROVED' || (v.comment?.length ?? 0) > 0, {
    message: 'Say why you decline',
    path: ['comment'],
  })
export type AuthorizationDecisionInput = z.input<typeof authorizationDecisionSchema>
