import { vi } from 'vitest'
import { mockRouter } from './router-mock'

// The components-router project (vitest.config.ts): every file there mocks `next/router` with this stand-in and
// shares one module graph, so each starts from an empty router, as a fresh module would give it.
vi.mock('next/router', () => import('./router-mock'))
mockRouter({})
