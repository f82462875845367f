/**
 * Runs in the browser before Next hydrates the page (Next loads it first, in every page's first-load JavaScript).
 */
import { hydrateInTransition } from '@/components/layouts/hydrate-in-transition'

hydrateInTransition()
