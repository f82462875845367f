import { closeDatabase, getDatabaseHandle } from '@/server/db/client'
import { seedOnOpen } from '@/server/seed/seed-on-open'
import { runScript } from './run-script'

/** `npm run db:seed` (SEED_DEMO=true for the demo users): the seed runs when the database opens (server/seed). */
await runScript(async () => {
  seedOnOpen()
  const handle = await getDatabaseHandle()
  console.log(`seeded ${handle.kind} database at ${handle.location}`)
  await closeDatabase()
})
