import { build } from './lib/build'
import { runScript } from './run-script'

/** `npm run build`: the production build and its standalone folder (`.next/standalone`, what the container runs). */
await runScript(async () => build())
