import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy*/waitFor give up after 1 s by default; on CI's two shared cores a screen's first render can take longer.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())
