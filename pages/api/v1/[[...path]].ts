import { getRequestListener } from '@hono/node-server'
import { createApp } from '@/server/app'

// The business API v1 runs inside Next through this one catch-all; Hono reads the raw body itself.
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } }

export default getRequestListener(createApp().fetch)
