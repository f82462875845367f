import { setDatabaseSetup } from '@/server/db/client'

/**
 * Seeds the process's database when it first opens it: permissions, roles and reference data always, the demo data
 * when SEED_DEMO is set (idempotent, so every process may). Called by each entry point (the API route, server/main,
 * the scripts, the test setup) before the database opens; the seed loads only then.
 */
export function seedOnOpen(): void {
  setDatabaseSetup(async (db, config) => {
    const { seed } = await import('./index')
    await seed(db, {
      demo: config.seedDemo,
      demoPassword: config.demoPassword,
      demoStaffTotp: config.demoStaffTotp,
      shippedLists: config.screeningShippedLists,
    })
  })
}
