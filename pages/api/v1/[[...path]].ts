import { getRequestListener } from '@hono/node-server'
import { createApp } from '@/server/app'

// The business API v1 runs inside Next through this one catch-all; Hono reads the raw body itself.
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } }

// overrideGlobalObjects: false keeps Node's own Response global; replacing it inside Next's process makes
// `NextResponse` (proxy.ts) fail Next's `instanceof Response` check after the first API call.
export default getRequestListener(createApp().fetch, { overrideGlobalObjects: false })
