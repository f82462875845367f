import { handlePortalLogout } from '@/server/bff/handlers'

export default handlePortalLogout
