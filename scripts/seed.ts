import { closeDatabase, getDatabaseHandle } from '@/server/db/client'
import { runScript } from './run-script'

/** `npm run db:seed` (SEED_DEMO=true for the demo users): the seed runs when the database opens. */
await runScript(async () => {
  const handle = await getDatabaseHandle()
  console.log(`seeded ${handle.kind} database at ${handle.location}`)
  await closeDatabase()
})
