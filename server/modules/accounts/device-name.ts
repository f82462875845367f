import Bowser from 'bowser'

export const UNKNOWN_DEVICE = 'Unknown device'

/**
 * A readable device from a user agent: browser and operating system, without versions ("Chrome on Android",
 * "Safari on macOS"), so that a browser update is still the same device. The new-device mail compares these.
 */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim()
  if (!agent) return UNKNOWN_DEVICE
  const parsed = Bowser.parse(agent)
  const browser = parsed.browser.name?.trim()
  const os = parsed.os.name?.trim()
  if (browser && os) return `${browser} on ${os}`
  if (browser) return browser
  if (os) return `A browser on ${os}`
  return UNKNOWN_DEVICE
}
