import type { Notification } from '@/lib/contracts/notifications'
import { paths } from '@/lib/navigation/paths'

/** The screen a notification opens (docs/notifications.md#kinds). */
export function notificationHref(target: Notification['target']): string {
  switch (target.type) {
    case 'business-review':
      return paths.approvals.businessPreview(target.id)
    case 'business-screening':
      return paths.approvals.businessScreening(target.id)
    case 'authorization':
      return paths.admin.authorizationDetails(target.id)
    case 'business-dashboard':
      return paths.business.dashboard(target.id)
    case 'support-inquiries':
      return paths.admin.supportInquiries()
  }
}

/** The bell's accessible name: "Notifications, 3 unread". */
export const bellLabel = (unread: number | undefined) => (unread ? `Notifications, ${unread} unread` : 'Notifications')
