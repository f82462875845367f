import { useId } from 'react'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { businessRoleLabel } from '../model/business-access'
import { PERMISSION_GROUPS, permissionLabel } from '../model/permission-labels'
import styles from './businesses.module.css'

const BUSINESS_ROLES = SYSTEM_ROLES.filter((role) => role.scope === 'business')

/** What each role is for, in the words of someone running a business (the seed's descriptions are for staff). */
const ROLE_SUMMARIES: Readonly<Record<string, string>> = {
  BUSINESS_OWNER:
    'Runs the business on the portal: its details, KYC, products and users. Every business keeps at least one active owner.',
  BUSINESS_MEMBER: 'Helps capture the KYC. Sees the business but does not manage its users or products.',
}

/** The business roles and what each permits (the system roles of scope `business`), as cards and a comparison table. */
export function BusinessRoles() {
  const tableId = useId()
  const held = BUSINESS_ROLES.map((role) => new Set<string>(role.permissions))
  const listed = new Set(PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.name)))
  // Anything a role holds that the groups do not name still shows, under "Other".
  const others = [...new Set(BUSINESS_ROLES.flatMap((r) => r.permissions as readonly string[]))].filter((p) => !listed.has(p))
  const groups = others.length
    ? [...PERMISSION_GROUPS, { title: 'Other', permissions: others.map((name) => ({ name, label: permissionLabel(name) })) }]
    : PERMISSION_GROUPS

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        Everyone in a business has one of these roles. The roles are fixed; an owner chooses each user&apos;s role on the Manage
        users page.
      </p>
      <ul className={styles.cards} aria-label="Business roles">
        {BUSINESS_ROLES.map((role, i) => (
          <li key={role.name} className={styles.card}>
            <h2>{businessRoleLabel(role.name)}</h2>
            <p className={styles.muted}>{ROLE_SUMMARIES[role.name] ?? role.description}</p>
            <p className={styles.small}>{held[i]!.size} permissions</p>
          </li>
        ))}
      </ul>
      <div role="region" aria-labelledby={tableId} tabIndex={0} style={{ overflowX: 'auto' }}>
        <table className={styles.matrix}>
          <caption id={tableId}>What each role may do</caption>
          <thead>
            <tr>
              <th scope="col">Permission</th>
              {BUSINESS_ROLES.map((role) => (
                <th key={role.name} scope="col" className={styles.mark}>
                  {businessRoleLabel(role.name)}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.title}>
              <tr className={styles.groupRow}>
                <th scope="colgroup" colSpan={BUSINESS_ROLES.length + 1}>
                  {group.title}
                </th>
              </tr>
              {group.permissions.map((permission) => (
                <tr key={permission.name}>
                  <th scope="row" data-permission={permission.name}>
                    {permission.label}
                  </th>
                  {held.map((set, i) => (
                    <td key={BUSINESS_ROLES[i]!.name} className={styles.mark}>
                      {set.has(permission.name) ? (
                        <span className={styles.yes}>
                          <span aria-hidden="true">✓</span>
                          <VisuallyHidden>Yes</VisuallyHidden>
                        </span>
                      ) : (
                        <span className={styles.no}>
                          <span aria-hidden="true">–</span>
                          <VisuallyHidden>No</VisuallyHidden>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  )
}
