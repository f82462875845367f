import { act, fireEvent, render, screen } from '@testing-library/react'
import { createMocks } from 'react-idle-timer'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  IDLE_COUNTDOWN_SECONDS,
  IDLE_EVENTS_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IdleTimeout,
  IDLE_WARNING_TITLE,
  idleWarningText,
} from '@/components/layouts/idle-timeout'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({ asPath: '/s/businesses', pathname: '/s/businesses' })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

polyfillDialog()

const TWENTY_MINUTES = 20 * 60 * 1000

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms)
  })
}

const warning = () => screen.queryByText(IDLE_WARNING_TITLE)
const countdown = (n: number) => screen.queryByText(`You have gone inactive and will be logged out in ${n}s`)

beforeEach(() => {
  vi.useFakeTimers()
  // react-idle-timer keeps the timer functions it found when loaded; make it take the fake ones.
  createMocks()
  router.asPath = '/s/businesses'
  router.pathname = '/s/businesses'
})
afterEach(() => {
  vi.useRealTimers()
})

describe('IdleTimeout', () => {
  it('uses the constants of spec section 9', () => {
    expect(IDLE_TIMEOUT_MS).toBe(1_200_000)
    expect(IDLE_EVENTS_THROTTLE_MS).toBe(200)
    expect(IDLE_COUNTDOWN_SECONDS).toBe(10)
    expect(idleWarningText(7)).toBe('You have gone inactive and will be logged out in 7s')
  })

  it('opens the warning after 20 minutes without activity on a /s/ route, not before', async () => {
    render(<IdleTimeout onTimeout={vi.fn()} />)
    await advance(TWENTY_MINUTES - 1000)
    expect(warning()).toBeNull()
    await advance(1000)
    expect(warning()).toBeInTheDocument()
    expect(countdown(10)).toBeInTheDocument()
    expect(screen.getByRole('alertdialog', { name: IDLE_WARNING_TITLE })).toHaveAccessibleDescription(idleWarningText(10))
  })

  it('counts down from 10 to 0 second by second, then calls onTimeout once', async () => {
    // Pending for ever: the dialog stays, so the final 0s can be seen.
    const onTimeout = vi.fn(() => new Promise<void>(() => {}))
    render(<IdleTimeout onTimeout={onTimeout} />)
    await advance(TWENTY_MINUTES)
    for (let n = 10; n >= 1; n--) {
      expect(countdown(n)).toBeInTheDocument()
      expect(onTimeout).not.toHaveBeenCalled()
      await advance(1000)
    }
    expect(countdown(0)).toBeInTheDocument()
    expect(onTimeout).toHaveBeenCalledTimes(1)
    await advance(5000)
    expect(onTimeout).toHaveBeenCalledTimes(1)
  })

  it('closes the warning once onTimeout has finished', async () => {
    const onTimeout = vi.fn(async () => {})
    render(<IdleTimeout onTimeout={onTimeout} />)
    await advance(TWENTY_MINUTES)
    await advance(10_000)
    expect(onTimeout).toHaveBeenCalledTimes(1)
    expect(warning()).toBeNull()
  })

  it.each([
    ['a mouse move', () => fireEvent.mouseMove(document)],
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a touch', () => fireEvent.touchStart(document)],
    ['a scroll wheel', () => fireEvent.wheel(document)],
  ])('any activity (%s) closes the warning, cancels the timeout and starts the 20 minutes again', async (_name, act_) => {
    const onTimeout = vi.fn()
    render(<IdleTimeout onTimeout={onTimeout} />)
    await advance(TWENTY_MINUTES)
    await advance(3000)
    expect(countdown(7)).toBeInTheDocument()
    await act(async () => act_())
    expect(warning()).toBeNull()
    await advance(30_000)
    expect(onTimeout).not.toHaveBeenCalled()
    expect(warning()).toBeNull()
    await advance(TWENTY_MINUTES)
    expect(warning()).toBeInTheDocument()
    expect(countdown(10)).toBeInTheDocument()
  })

  it('activity during the 20 minutes postpones the warning', async () => {
    render(<IdleTimeout onTimeout={vi.fn()} />)
    await advance(TWENTY_MINUTES - 60_000)
    await act(async () => fireEvent.mouseMove(document))
    await advance(60_000)
    expect(warning()).toBeNull()
    await advance(TWENTY_MINUTES - 60_000)
    expect(warning()).toBeInTheDocument()
  })

  it('"Stay signed in" closes the warning', async () => {
    const onTimeout = vi.fn()
    render(<IdleTimeout onTimeout={onTimeout} />)
    await advance(TWENTY_MINUTES)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' })))
    expect(warning()).toBeNull()
    await advance(15_000)
    expect(onTimeout).not.toHaveBeenCalled()
  })

  it.each(['/profile', '/auth/login?from=%2Fs%2Fbusinesses', '/', '/products', '/auth/login?from=/s/businesses'])(
    'never shows on %s',
    async (path) => {
      router.asPath = path
      router.pathname = path.split('?')[0]!
      const onTimeout = vi.fn()
      render(<IdleTimeout onTimeout={onTimeout} />)
      await advance(3 * TWENTY_MINUTES)
      expect(warning()).toBeNull()
      expect(onTimeout).not.toHaveBeenCalled()
    },
  )

  it('shows on any /s/ route, e.g. the preferences page', async () => {
    router.asPath = '/s/user-profile-preference'
    render(<IdleTimeout onTimeout={vi.fn()} />)
    await advance(TWENTY_MINUTES)
    expect(warning()).toBeInTheDocument()
  })

  it('leaving the /s/ area closes a warning and stops the timer', async () => {
    const onTimeout = vi.fn()
    const { rerender } = render(<IdleTimeout onTimeout={onTimeout} />)
    await advance(TWENTY_MINUTES)
    expect(warning()).toBeInTheDocument()
    router.asPath = '/profile'
    rerender(<IdleTimeout onTimeout={onTimeout} />)
    expect(warning()).toBeNull()
    await advance(3 * TWENTY_MINUTES)
    expect(warning()).toBeNull()
    expect(onTimeout).not.toHaveBeenCalled()
  })
})
