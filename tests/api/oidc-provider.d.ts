/** The part of oidc-provider@9's API tests/api/sso.test.ts uses (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface ProviderClient {
    grantTypeAllowed(type: string): boolean
  }

  interface Account {
    accountId: string
    claims: () => Promise<Record<string, unknown>>
  }

  interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[] }
    params: Record<string, unknown>
    session?: { accountId: string }
    grantId?: string
  }

  interface KoaContext {
    oidc: { params?: Record<string, unknown> }
  }

  export interface Configuration {
    clients?: Record<string, unknown>[]
    jwks?: { keys: Record<string, unknown>[] }
    cookies?: { keys: string[] }
    claims?: Record<string, string[] | null>
    features?: Record<string, { enabled: boolean }>
    pkce?: { required: () => boolean }
    interactions?: { url: (ctx: KoaContext, interaction: { uid: string }) => string }
    issueRefreshToken?: (ctx: KoaContext, client: ProviderClient) => Promise<boolean>
    rotateRefreshToken?: boolean
    ttl?: Record<string, number>
    findAccount?: (ctx: KoaContext, sub: string) => Promise<Account | undefined>
  }

  class Grant {
    constructor(options: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
    static find(id: string): Promise<Grant | undefined>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: 'grant.success', listener: (ctx: KoaContext) => void): this
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
