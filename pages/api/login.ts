import { handlePortalLogin } from '@/server/bff/handlers'

export default handlePortalLogin
