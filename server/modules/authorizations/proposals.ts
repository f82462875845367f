/** What a maker proposes, by type (stored as the authorization's `proposal`; kinds/ turns it into a snapshot). */

export interface RoleProposal {
  name: string
  description: string | null
  scope?: 'staff' | 'business'
  permissions: string[]
}

export interface UserCreateProposal {
  email: string
  firstName: string
  lastName: string
  roleIds: string[]
}

export interface UserUpdateProposal {
  roleIds: string[]
  status: 'ACTIVE' | 'DISABLED'
}
