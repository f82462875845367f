import Head from 'next/head'
import { useEffect, type ReactNode } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { homePathFor } from '@/lib/navigation/nav-items'
import { isRestrictedFromBusinessArea } from '@/lib/permissions/checks'
import { PortalLayout, type PortalContext } from './portal-layout'

/**
 * Who may use a page besides being signed in (`adminArea`, `businessArea`): given the loaded account, the page or the
 * 403 content, whose home link leads back to the area the user may use. The API checks every call anyway: this only
 * spares the user a screen that cannot work for them.
 */
export type PageAccess = (context: PortalContext, page: ReactNode) => ReactNode

export interface PortalPageProps {
  /** The page's heading (`h1`), and its document title unless `documentTitle` is given. */
  title: string
  /** The browser tab's title, before ` · KYC Portal`. */
  documentTitle?: string
  /** Who may use the page besides being signed in; without it, any signed-in user. */
  access?: PageAccess
  /** Lazily loaded screens (`lazyScreen`) to start fetching when the page mounts, in parallel with the account. */
  preload?: readonly { preload: () => Promise<unknown> }[]
  /** The page's content; as a function it gets the account and permissions once both have loaded. */
  children: ReactNode | ((context: PortalContext) => ReactNode)
}

/**
 * The frame of every signed-in page under /s: the document title, the portal layout (account, permissions,
 * navigation), the page's access rule and the preloading of its lazily loaded screens. Each page gives only its
 * content.
 */
export function PortalPage({ title, documentTitle = title, access, preload, children }: PortalPageProps) {
  useEffect(() => {
    for (const screen of preload ?? []) void screen.preload()
    // The screens are module constants of the page: preloaded once, when it mounts.
  }, [])
  return (
    <>
      <Head>
        <title>{`${documentTitle} · KYC Portal`}</title>
      </Head>
      <PortalLayout title={title}>
        {access ? (context) => access(context, typeof children === 'function' ? children(context) : children) : children}
      </PortalLayout>
    </>
  )
}

/** The home a refused page leads back to: the first page the user may use (as the brand link and sign-in). */
const homeOf = (account: Pick<PortalContext['account'], 'isStaff' | 'iswStaff' | 'businesses'>, permissions: readonly string[]) =>
  homePathFor({ isStaff: account.isStaff, iswStaff: account.iswStaff, permissions, hasBusinesses: account.businesses.length > 0 })

/** The admin area (`/s/admin/*`): staff holding every one of `required` and one of `anyOf`. */
export function adminArea(needs: { required?: readonly string[]; anyOf?: readonly string[] }): PageAccess {
  return ({ account, permissions }, page) => (
    <RequirePermission permissions={permissions} {...needs} check={() => account.isStaff} homeHref={homeOf(account, permissions)}>
      {page}
    </RequirePermission>
  )
}

/**
 * The business self-service area (docs/domain.md#staff-restriction-rule): a payment-group staff user holding a deciding
 * permission may not use it (an approver must not also be an applicant). They, and staff lacking `staffNeeds` (e.g.
 * CAN_CREATE_BUSINESS to register a business on someone's behalf), get the 403 content with a way back to the admin
 * area.
 */
export function businessArea(staffNeeds?: string): PageAccess {
  return ({ account: { isStaff, iswStaff, businesses }, permissions }, page) => (
    <RequirePermission
      permissions={permissions}
      check={(held) =>
        !isRestrictedFromBusinessArea({ iswStaff, permissions: held }) && (!isStaff || !staffNeeds || held.has(staffNeeds))
      }
      homeHref={homeOf({ isStaff, iswStaff, businesses }, permissions)}
    >
      {page}
    </RequirePermission>
  )
}
