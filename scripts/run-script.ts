/** Runs a script body; a failure prints one clear line on stderr and exits 1 instead of a stack trace. */
export async function runScript(body: () => Promise<void>): Promise<void> {
  try {
    await body()
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
