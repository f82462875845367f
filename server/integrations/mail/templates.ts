import { formatCalendarDate, formatLagosDateTime } from '@/lib/format/date'

/** E-mail templates: each gives a subject, a plain-text body and an HTML body (values escaped). */
export interface RenderedMail {
  template: string
  subject: string
  text: string
  html: string
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b5cad;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;color:#5b6675;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : ''
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1b2430;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;color:#5b6675;font-size:12px">You receive this e-mail because of an account on the KYC Portal. If it was not you, ignore it or contact support.</p>
</body></html>`
}

export function activationMail(input: { firstName: string; url: string; validHours: number }): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    'Welcome to the KYC Portal. Confirm your e-mail address to activate your account.',
    `The link works once and expires in ${input.validHours} hours.`,
  ]
  return {
    template: 'activation',
    subject: 'Activate your KYC Portal account',
    text: `${lines.join('\n\n')}\n\nActivate your account: ${input.url}\n`,
    html: layout('Activate your account', lines, { label: 'Activate my account', url: input.url }),
  }
}

export function alreadyRegisteredMail(input: { firstName: string; loginUrl: string; resetUrl: string }): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    'Someone tried to sign up to the KYC Portal with this e-mail address, which already has an account.',
    `If it was you, sign in instead. If you forgot your password, reset it at ${input.resetUrl}.`,
  ]
  return {
    template: 'already-registered',
    subject: 'You already have a KYC Portal account',
    text: `${lines.join('\n\n')}\n\nSign in: ${input.loginUrl}\n`,
    html: layout('You already have an account', lines, { label: 'Sign in', url: input.loginUrl }),
  }
}

export function passwordResetMail(input: {
  firstName: string
  otp: string
  validMinutes: number
  resetUrl: string
}): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `Your code to reset your KYC Portal password is ${input.otp}.`,
    `It works once and expires in ${input.validMinutes} minutes. Never share it: our staff will never ask for it.`,
  ]
  return {
    template: 'password-reset',
    // The code stays out of the subject: subjects show on lock screens and stay in the outbox after sending.
    subject: 'Your KYC Portal password reset code',
    text: `${lines.join('\n\n')}\n\nEnter it at ${input.resetUrl}\n`,
    html: layout('Reset your password', lines, { label: 'Enter the code', url: input.resetUrl }),
  }
}

export function passwordChangedMail(input: { firstName: string; when: Date; resetUrl: string }): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `The password of your KYC Portal account was changed on ${formatLagosDateTime(input.when)} (Lagos time). Other devices were signed out.`,
    `If this was not you, reset your password now at ${input.resetUrl} and contact support.`,
  ]
  return {
    template: 'password-changed',
    subject: 'Your KYC Portal password was changed',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Your password was changed', lines),
  }
}

export function factorsResetMail(input: { firstName: string; when: Date; loginUrl: string }): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `The second factors of your KYC Portal account (authenticator apps, passkeys and recovery codes) were reset by an administrator on ${formatLagosDateTime(input.when)} (Lagos time), with a second administrator's approval. Your devices were signed out.`,
    `The next time you sign in at ${input.loginUrl} you will be asked to set up a second factor again.`,
    'If you did not ask for this, contact your security team at once.',
  ]
  return {
    template: 'factors-reset',
    subject: 'Your KYC Portal second factors were reset',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Your second factors were reset', lines),
  }
}

/** To a staff user: their account was signed in to from a device and address not seen in the last 90 days. */
export function newDeviceSignInMail(input: {
  firstName: string
  device: string
  ip: string | null
  when: Date
  profileUrl: string
  resetUrl: string
}): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `Your KYC Portal staff account was signed in to from a new device: ${input.device}, from the address ${input.ip ?? 'unknown'}, on ${formatLagosDateTime(input.when)} (Lagos time).`,
    'If this was you, there is nothing to do.',
    `If it was not you, open your profile now and choose "Sign out everywhere else" under Signed-in sessions, then change your password (or reset it at ${input.resetUrl}) and tell your security team.`,
  ]
  return {
    template: 'new-device-sign-in',
    subject: 'New sign-in to your KYC Portal staff account',
    text: `${lines.join('\n\n')}\n\nYour profile: ${input.profileUrl}\n`,
    html: layout('New sign-in to your account', lines, { label: 'Review my sessions', url: input.profileUrl }),
  }
}

export function businessInvitationMail(input: {
  businessName: string
  inviterName: string
  role: string
  url: string
  isNewUser: boolean
  validDays: number
}): RenderedMail {
  const lines = [
    'Hello,',
    `${input.inviterName} has added you to ${input.businessName} on the KYC Portal as ${input.role}.`,
    input.isNewUser
      ? `Choose a password to activate your account. The link works once and expires in ${input.validDays} days.`
      : 'Sign in to see the business.',
  ]
  const label = input.isNewUser ? 'Set my password' : 'Sign in'
  return {
    template: input.isNewUser ? 'business-invitation' : 'business-added',
    subject: `You have been added to ${input.businessName}`,
    text: `${lines.join('\n\n')}\n\n${label}: ${input.url}\n`,
    html: layout(`Join ${input.businessName}`, lines, { label, url: input.url }),
  }
}

/** A staff account approved through an authorization (docs/domain.md#authorizations): set a password to start. */
export function staffInvitationMail(input: { firstName: string; roles: string[]; url: string; validDays: number }): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `You have been given a staff account on the KYC Portal with the role${input.roles.length === 1 ? '' : 's'} ${input.roles.join(', ')}.`,
    `Choose a password to activate your account. The link works once and expires in ${input.validDays} days.`,
  ]
  return {
    template: 'staff-invitation',
    subject: 'Your KYC Portal staff account',
    text: `${lines.join('\n\n')}\n\nSet my password: ${input.url}\n`,
    html: layout('Your staff account', lines, { label: 'Set my password', url: input.url }),
  }
}

export function accessRequestDecisionMail(input: {
  firstName: string
  businessName: string
  accepted: boolean
  loginUrl: string
}): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    input.accepted
      ? `The owners of ${input.businessName} accepted your request. You can now see the business when you sign in.`
      : `The owners of ${input.businessName} did not accept your request for access.`,
  ]
  return {
    template: input.accepted ? 'access-request-accepted' : 'access-request-refused',
    subject: `Your request to join ${input.businessName}`,
    text: `${lines.join('\n\n')}\n`,
    html: layout('Your access request', lines, input.accepted ? { label: 'Sign in', url: input.loginUrl } : undefined),
  }
}

export function accessRequestMail(input: { businessName: string; requester: string; url: string }): RenderedMail {
  const lines = [
    `${input.requester} asks to join ${input.businessName} on the KYC Portal.`,
    'Accept or refuse the request on the Manage users page.',
  ]
  return {
    template: 'access-request',
    subject: `${input.requester} asks to join ${input.businessName}`,
    text: `${lines.join('\n\n')}\n\nReview: ${input.url}\n`,
    html: layout('A request to join your business', lines, { label: 'Review the request', url: input.url }),
  }
}

/** A document's decision as its review's e-mail tells it (docs/domain.md#review-e-mails). */
export interface ReviewedDocument {
  name: string
  approved: boolean
  comment: string | null
}

/** One line per document decision, a declined one with its reason. */
export const reviewedDocumentLines = (documents: readonly ReviewedDocument[]) =>
  documents.map((d) =>
    d.approved
      ? `${d.name}: approved${d.comment ? ` (the reviewer's comment: ${d.comment})` : ''}.`
      : `${d.name}: declined. The reason: ${d.comment ?? 'none given'}`,
  )

/** The one e-mail of a business review: the decision, and the decisions on its documents made in the review. */
export function businessDecisionMail(input: {
  businessName: string
  approved: boolean
  comment: string | null
  recertificationDate?: string | null
  documents?: readonly ReviewedDocument[]
  url: string
}): RenderedMail {
  const decision = input.approved
    ? [
        'Hello,',
        `Good news: ${input.businessName} has been approved on the KYC Portal.`,
        ...(input.comment ? [`The reviewer's comment: ${input.comment}`] : []),
        ...(input.recertificationDate
          ? [`Its KYC is due for recertification on ${formatCalendarDate(input.recertificationDate)}.`]
          : []),
      ]
    : [
        'Hello,',
        `${input.businessName} was not approved on the KYC Portal.`,
        `The reason: ${input.comment ?? 'none given'}`,
        'Correct what the reason points to, then mark the KYC complete again to send it back for review.',
      ]
  const documents = input.documents ?? []
  const lines = [...decision, ...(documents.length ? ['The documents reviewed:', ...reviewedDocumentLines(documents)] : [])]
  const subject = input.approved ? `${input.businessName} is approved` : `${input.businessName} was declined`
  return {
    template: input.approved ? 'business-approved' : 'business-declined',
    subject,
    text: `${lines.join('\n\n')}\n\nOpen the dashboard: ${input.url}\n`,
    html: layout(subject, lines, { label: 'Open the dashboard', url: input.url }),
  }
}

/** A decision on a product application: approved, declined (with the reason), or live (marked completed). */
export function productDecisionMail(input: {
  businessName: string
  productName: string
  decision: 'APPROVED' | 'DECLINED' | 'COMPLETED'
  comment: string | null
  url: string
}): RenderedMail {
  const { businessName, productName } = input
  const comment = input.comment ? [`The reviewer's comment: ${input.comment}`] : []
  const mails = {
    APPROVED: {
      template: 'product-approved',
      subject: `${productName} approved for ${businessName}`,
      lines: [
        `Good news: the application of ${businessName} for ${productName} is approved.`,
        ...comment,
        'We tell you when the product is live.',
      ],
    },
    DECLINED: {
      template: 'product-declined',
      subject: `${productName} declined for ${businessName}`,
      lines: [
        `The application of ${businessName} for ${productName} was not approved.`,
        `The reason: ${input.comment ?? 'none given'}`,
        'Change the answers the reason points to, then submit the application again.',
      ],
    },
    COMPLETED: {
      template: 'product-live',
      subject: `${productName} is live for ${businessName}`,
      lines: [`${productName} is now live for ${businessName}: the business can use it.`],
    },
  }[input.decision]
  const lines = ['Hello,', ...mails.lines]
  return {
    template: mails.template,
    subject: mails.subject,
    text: `${lines.join('\n\n')}\n\nOpen the application: ${input.url}\n`,
    html: layout(mails.subject, lines, { label: 'Open the application', url: input.url }),
  }
}

export function dueReminderMail(input: { businessName: string; what: string; dueDate: string; url: string }): RenderedMail {
  const dueOn = formatCalendarDate(input.dueDate)
  const lines = [
    'Hello,',
    `${input.what} for ${input.businessName} falls due on ${dueOn}, in 3 days.`,
    'If it passes, the business is blocked: it cannot onboard new products until this is done.',
  ]
  return {
    template: 'due-reminder',
    subject: `Reminder: ${input.what} due on ${dueOn}`,
    text: `${lines.join('\n\n')}\n\nOpen the dashboard: ${input.url}\n`,
    html: layout(`Due on ${dueOn}`, lines, { label: 'Open the dashboard', url: input.url }),
  }
}

/** One line of a mail subject: no line breaks (a subject is a header), at most 150 characters. */
const subjectLine = (value: string) => value.replace(/[\r\n]+/g, ' ').slice(0, 150)

/** To SUPPORT_EMAIL: a new inquiry from the contact-us form, with everything the sender wrote. */
export function supportInquiryMail(input: {
  reference: string
  name: string
  email: string
  subject: string
  message: string
  signedInAs: string | null
  attachment: { fileName: string; contentType: string; sizeBytes: number; url: string } | null
}): RenderedMail {
  const lines = [
    `Reference: ${input.reference}`,
    `From: ${input.name} <${input.email}>${input.signedInAs ? ` (signed in as ${input.signedInAs})` : ' (not signed in)'}`,
    `Subject: ${input.subject}`,
    input.message,
    input.attachment
      ? `Attachment: ${input.attachment.fileName} (${input.attachment.contentType}, ${input.attachment.sizeBytes} bytes), for staff at ${input.attachment.url}`
      : 'No attachment.',
  ]
  return {
    template: 'support-inquiry',
    subject: subjectLine(`[${input.reference}] ${input.subject}`),
    text: `${lines.join('\n\n')}\n`,
    html: layout(`Support inquiry ${input.reference}`, lines),
  }
}

/** To the sender: we have the inquiry; quote the reference. */
export function supportAcknowledgementMail(input: { name: string; reference: string; subject: string }): RenderedMail {
  const lines = [
    `Hello ${input.name},`,
    `We have received your message "${subjectLine(input.subject)}". Our support team will answer you by e-mail.`,
    `Your reference is ${input.reference}; quote it if you write to us about this again.`,
  ]
  return {
    template: 'support-acknowledgement',
    subject: subjectLine(`We received your message (${input.reference})`),
    text: `${lines.join('\n\n')}\n`,
    html: layout('We received your message', lines),
  }
}

/** To the data protection officers: a user went over the hourly budget of revealed identity numbers. */
export function revealBudgetMail(input: { who: string; budget: number; at: Date; url: string }): RenderedMail {
  const lines = [
    `${input.who} asked to reveal more than ${input.budget} clear identity numbers (BVN, NIN, ID numbers) within an hour, at ${formatLagosDateTime(input.at)}.`,
    'Further reveals by this user are refused until the hour has passed. Their REVEAL rows in the audit log say whose numbers they saw and why.',
  ]
  return {
    template: 'reveal-budget-exceeded',
    subject: subjectLine(`Reveal budget exceeded by ${input.who}`),
    text: `${lines.join('\n\n')}\n\n${input.url}\n`,
    html: layout('Reveal budget exceeded', lines, { label: 'Open data protection', url: input.url }),
  }
}

/** To a business's assigned reviewer: ongoing monitoring found new screening candidates after a list changed. */
export function screeningHitsMail(input: {
  firstName: string
  businessName: string
  hits: number
  approved: boolean
  url: string
}): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `A sanctions or PEP list changed, and screening found ${input.hits === 1 ? 'a possible match' : `${input.hits} possible matches`} for ${input.businessName}.`,
    input.approved
      ? 'The business is approved, so it is now on watch in every list until each candidate is adjudicated.'
      : 'Its approval waits until each candidate is adjudicated.',
  ]
  return {
    template: 'screening-hits',
    subject: subjectLine(`Screening: possible match for ${input.businessName}`),
    text: `${lines.join('\n\n')}\n\n${input.url}\n`,
    html: layout('Possible screening match', lines, { label: 'Open the review', url: input.url }),
  }
}

/** To each staff member who may decide it (never its maker): a configuration or staff change waits for them. */
export function authorizationRequestMail(input: {
  firstName: string
  requester: string
  what: string
  url: string
}): RenderedMail {
  const lines = [
    `Hello ${input.firstName},`,
    `${input.requester} asks to ${input.what}. It takes effect only once another staff member approves it.`,
    'Review the change and approve or decline it.',
  ]
  return {
    template: 'authorization-request',
    subject: `Waiting for your decision: ${input.requester} asks to ${input.what}`,
    text: `${lines.join('\n\n')}\n\nReview: ${input.url}\n`,
    html: layout('A change waits for your decision', lines, { label: 'Review the change', url: input.url }),
  }
}

/** To the maker: their request was decided (approved, declined) or could not apply (stale). */
export function authorizationDecisionMail(input: {
  firstName: string
  what: string
  outcome: 'APPROVED' | 'DECLINED' | 'STALE'
  checker: string
  comment: string | null
  url: string
}): RenderedMail {
  const outcome = {
    APPROVED: `${input.checker} approved your request to ${input.what}. The change has been applied.`,
    DECLINED: `${input.checker} declined your request to ${input.what}. Nothing was changed.`,
    STALE: `Your request to ${input.what} could not be applied: the record changed after you asked. Nothing was changed; ask again if the change is still needed.`,
  }[input.outcome]
  const lines = [
    `Hello ${input.firstName},`,
    outcome,
    ...(input.comment ? [`${input.outcome === 'DECLINED' ? 'Their reason' : 'Their comment'}: ${input.comment}`] : []),
  ]
  const word = { APPROVED: 'approved', DECLINED: 'declined', STALE: 'not applied' }[input.outcome]
  return {
    template: `authorization-${input.outcome.toLowerCase()}`,
    subject: `Your request was ${word}: ${input.what}`,
    text: `${lines.join('\n\n')}\n\nSee the request: ${input.url}\n`,
    html: layout(`Your request was ${word}`, lines, { label: 'See the request', url: input.url }),
  }
}

/**
 * The hourly digest of a user's notifications of the kinds they chose (docs/notifications.md#e-mail-digest): titles
 * only (names of businesses and colleagues the portal shows them), never a comment's text.
 */
export function notificationDigestMail(input: {
  firstName: string
  items: readonly { title: string; url: string }[]
  more: number
  url: string
}): RenderedMail {
  const count = input.items.length + input.more
  const intro = `Hello ${input.firstName},`
  const summary = `You have ${count === 1 ? 'a new notification' : `${count} new notifications`} on the KYC Portal:`
  const lines = input.items.map((i) => `- ${i.title}: ${i.url}`)
  const more = input.more ? [`…and ${input.more} more.`] : []
  const listHtml = `<ul style="margin:0 0 16px;padding-left:20px">${input.items
    .map((i) => `<li style="margin:0 0 8px"><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a></li>`)
    .join('')}</ul>`
  const html = layout('Your notifications', [intro, summary], { label: 'Open your notifications', url: input.url }).replace(
    '<p style="margin:24px 0">',
    `${listHtml}${more.map((m) => `<p style="margin:0 0 16px">${escapeHtml(m)}</p>`).join('')}<p style="margin:24px 0">`,
  )
  return {
    template: 'notification-digest',
    subject: subjectLine(count === 1 ? 'A new notification' : `${count} new notifications`),
    text: `${[intro, summary, lines.join('\n'), ...more].join('\n\n')}\n\nAll of them: ${input.url}\n`,
    html,
  }
}
