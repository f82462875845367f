/**
 * A small circuit breaker for calls to an outside service. CLOSED: calls go through and consecutive failures are
 * counted; `failureThreshold` of them in a row open it. OPEN: calls are refused without reaching the service until
 * `cooldownMs` has passed since it opened. HALF_OPEN: one trial call goes through (others are refused meanwhile); its
 * success closes the breaker, its failure opens it again for another cool-down. `now` is injectable so tests move the
 * clock instead of waiting.
 */
export type BreakerState = 'CLOSED' | 'OPEN' | 'HALF_OPEN'

export interface CircuitBreakerOptions {
  failureThreshold: number
  cooldownMs: number
  now?: () => number
}

export class CircuitBreaker {
  private failures = 0
  private openedAt: number | null = null
  private trialInFlight = false
  private readonly now: () => number

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now
  }

  get state(): BreakerState {
    if (this.openedAt === null) return 'CLOSED'
    return this.now() - this.openedAt >= this.options.cooldownMs ? 'HALF_OPEN' : 'OPEN'
  }

  /** Whether a call may go out now. In HALF_OPEN only one trial at a time: it claims the slot here. */
  tryAcquire(): boolean {
    const state = this.state
    if (state === 'CLOSED') return true
    if (state === 'OPEN' || this.trialInFlight) return false
    this.trialInFlight = true
    return true
  }

  recordSuccess(): void {
    this.failures = 0
    this.openedAt = null
    this.trialInFlight = false
  }

  recordFailure(): void {
    this.trialInFlight = false
    if (this.openedAt !== null) {
      // The half-open trial failed: open again for a full cool-down.
      this.openedAt = this.now()
      return
    }
    this.failures += 1
    if (this.failures >= this.options.failureThreshold) this.openedAt = this.now()
  }
}
