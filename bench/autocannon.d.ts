/** The part of autocannon@8's programmatic API the benches use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string
      method?: string
      headers?: Record<string, string>
      connections?: number
      pipelining?: number
      /** Seconds. */
      duration?: number
      /** Seconds. */
      timeout?: number
      title?: string
      /** Requests sent in turn on each connection; `setupRequest` may rewrite one before it goes (e.g. its path). */
      requests?: RequestOptions[]
    }

    interface RequestOptions {
      method?: string
      path?: string
      headers?: Record<string, string>
      setupRequest?: (request: RequestOptions) => RequestOptions
    }

    /** What autocannon() returns without a callback: the run's events, and a promise of its result. */
    interface Instance extends PromiseLike<Result> {
      /** Every response: status code, bytes, and its latency in milliseconds. */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
      ): this
    }

    /** Percentiles are keyed `p50`, `p97_5`, …; latency figures are milliseconds, request figures per second. */
    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total: number
      p50: number
      p90: number
      p97_5: number
      p99: number
    }

    interface Result {
      title?: string
      url: string
      connections: number
      pipelining: number
      /** Seconds. */
      duration: number
      errors: number
      timeouts: number
      non2xx: number
      '2xx': number
      statusCodeStats: Record<string, { count: number }>
      latency: Histogram
      requests: Histogram & { sent: number }
      throughput: Histogram
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance
  export = autocannon
}
