import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  ConfirmedFactor,
  PasskeyAssertion,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationOptions,
  SignInAnswer,
} from '@/lib/contracts/factors'
import { apiClient } from '@/lib/http/lazy-client'
import { factorQueries, stepUp } from './factor-calls'

/**
 * Passkeys and security keys (docs/security.md#passkeys). @simplewebauthn/browser is imported on the first use, so
 * no page's first-load JavaScript carries it.
 */
const webauthn = () => import('@simplewebauthn/browser')

/** A refusal by the browser or the authenticator, in words for the screen (the API's refusals come as API errors). */
export class PasskeyError extends Error {
  override name = 'PasskeyError'
}

/** What the browser said, in words: cancelled, no passkey here, already registered, not supported. */
function passkeyError(error: unknown, ceremony: 'register' | 'authenticate'): PasskeyError {
  const { code, name, message } = error as { code?: string; name?: string; message?: string }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new PasskeyError('This passkey or security key is already registered to your account.')
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return new PasskeyError('The passkey request was cancelled.')
  if (name === 'NotAllowedError')
    return new PasskeyError(
      ceremony === 'register'
        ? 'No passkey was created: the request was cancelled or timed out.'
        : 'No passkey was used: the request was cancelled or timed out, or this device has no passkey for your account.',
    )
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return new PasskeyError('Passkeys do not work at this address. Open the portal at its own address and try again.')
  if (name === 'NotSupportedError' || code === 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG')
    return new PasskeyError('This device or browser cannot make a passkey the portal accepts.')
  return new PasskeyError(`The passkey could not be used${message ? `: ${message}` : '.'}`)
}

async function supported() {
  const browser = await webauthn()
  if (!browser.browserSupportsWebAuthn()) throw new PasskeyError('This browser does not support passkeys or security keys.')
  return browser
}

async function register(options: PasskeyRegistrationOptions['options']) {
  const { startRegistration } = await supported()
  try {
    return await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })
  } catch (error) {
    throw passkeyError(error, 'register')
  }
}

async function authenticate(options: PasskeyAuthenticationOptions['options']) {
  const { startAuthentication } = await supported()
  try {
    return await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })
  } catch (error) {
    throw passkeyError(error, 'authenticate')
  }
}

/** POST /accounts/factors/webauthn/options → the browser makes the passkey → POST /accounts/factors/webauthn. */
export async function enrolPasskey(name: string): Promise<ConfirmedFactor> {
  // The library loads while the server makes the options.
  void webauthn()
  const started = (await apiClient.post<PasskeyRegistrationOptions>('/accounts/factors/webauthn/options', { name })).data
  const response = await register(started.options)
  return (
    await apiClient.post<ConfirmedFactor>(
      '/accounts/factors/webauthn',
      { challenge: started.challenge, name, response },
      { shownInline: true },
    )
  ).data
}

/**
 * The second step of a sign-in by passkey: options for the password step's challenge, the browser's answer, then
 * POST /accounts/login/factor (its refusals shown by the caller). Answers the sign-in answer; the caller starts the
 * portal session with it.
 */
export async function signInWithPasskey(challenge: string): Promise<SignInAnswer> {
  void webauthn()
  const { options } = (
    await apiClient.post<PasskeyAuthenticationOptions>('/accounts/login/webauthn-options', { challenge }, { shownInline: true })
  ).data
  const response = await authenticate(options)
  return (
    await apiClient.post<SignInAnswer>(
      '/accounts/login/factor',
      { challenge, method: 'WEBAUTHN', response },
      { shownInline: true },
    )
  ).data
}

/** Step-up by passkey: a STEP_UP challenge of this session, the browser's answer, POST /accounts/step-up. */
export async function stepUpWithPasskey(): Promise<{ validUntil: string }> {
  void webauthn()
  const started = (
    await apiClient.post<PasskeyAuthenticationOptions>('/accounts/step-up/webauthn-options', undefined, { shownInline: true })
  ).data
  const response = await authenticate(started.options)
  // The library's JSON is the contract's PasskeyAssertion (its extension outputs typed as a DOM interface).
  return stepUp({ method: 'WEBAUTHN', challenge: started.challenge!, response: response as unknown as PasskeyAssertion })
}

/** Adds a passkey; the factor list is read again. */
export function useEnrolPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => enrolPasskey(name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorQueries.all() }),
  })
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: (challenge: string) => signInWithPasskey(challenge) })
}

export function useStepUpWithPasskey() {
  return useMutation({ mutationFn: () => stepUpWithPasskey() })
}
