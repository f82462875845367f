import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root (bench/..), whatever the caller's working directory. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const RESULTS_DIR = join(PROJECT_ROOT, 'bench', 'results')
export const NEXT_DIST_DIR = join(PROJECT_ROOT, '.next')
