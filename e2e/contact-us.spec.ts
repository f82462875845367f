import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff } from './support/accounts'
import { openPortalMenu } from './support/phone'

const SUPPORT_ADDRESS = 'support@kyc-portal.local'

/** A real (1×1) PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

async function outbox(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as { template: string; subject: string; text: string }[]
}

async function fillForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  const form = page.getByRole('form', { name: 'Contact support' })
  await form.getByLabel('Your name').fill(values.name)
  await form.getByLabel('E-mail address').fill(values.email)
  await form.getByLabel('Subject').fill(values.subject)
  await form.getByLabel('Message').fill(values.message)
  return form
}

test('a visitor sends a message with a screenshot and sees the reference the acknowledgement mail quotes', async ({
  page,
  request,
}) => {
  const email = `visitor.${randomUUID().slice(0, 8)}@example.ng`
  const subject = `Upload keeps failing ${randomUUID().slice(0, 6)}`
  await page.goto('/support/contact-us')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  const form = await fillForm(page, { name: 'Ngozi Eze', email, subject, message: 'The CAC upload stops at 90%.' })
  await form.getByLabel('Attachment (optional)').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG })
  await form.getByRole('button', { name: 'Send message' }).click()

  await expect(page.getByRole('heading', { name: 'Thank you, we have your message' })).toBeFocused()
  const status = page.getByRole('status').filter({ hasText: 'Your reference is' })
  const reference = /SUP-\d{6}-[A-Z0-9]{6}/.exec((await status.textContent()) ?? '')?.[0]
  expect(reference).toBeTruthy()

  await expect.poll(async () => (await outbox(request, email)).map((m) => m.template)).toContain('support-acknowledgement')
  expect((await outbox(request, email))[0]!.text).toContain(reference!)
  const toSupport = (await outbox(request, SUPPORT_ADDRESS)).find((m) => m.subject.includes(reference!))
  expect(toSupport?.subject).toBe(`[${reference}] ${subject}`)
  expect(toSupport?.text).toContain('screen.png (image/png')

  await page.getByRole('button', { name: 'Send another message' }).click()
  await expect(page.getByRole('form', { name: 'Contact support' }).getByLabel('Subject')).toHaveValue('')
})

test('the form names each missing field, and refuses a file that is not PNG, JPEG or PDF', async ({ page }) => {
  await page.goto('/support/contact-us')
  const form = page.getByRole('form', { name: 'Contact support' })
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByText('Name is required')).toBeVisible()
  await expect(form.getByText('Subject is required')).toBeVisible()
  await expect(form.getByText('Message is required')).toBeVisible()
  await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')

  // Declared as text: refused before sending.
  await form
    .getByLabel('Attachment (optional)')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
  await expect(form.getByRole('alert').filter({ hasText: 'Only PNG, JPEG or PDF files can be uploaded' })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled()

  // Declared as PNG but not one: the server checks the bytes and the form shows its answer on the file.
  await fillForm(page, {
    name: 'Ngozi Eze',
    email: `visitor.${randomUUID().slice(0, 8)}@example.ng`,
    subject: 'Fake picture',
    message: 'See attached.',
  })
  await form
    .getByLabel('Attachment (optional)')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not a picture at all') })
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'the content of this file is not one of them' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Thank you, we have your message' })).toHaveCount(0)
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the contact-us page fits 375 px without sideways scrolling and has no serious axe violations', async ({ page }) => {
    await page.goto('/support/contact-us')
    await expect(page.getByRole('form', { name: 'Contact support' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])
  })
})

test('an onboarding officer reads the inquiries from the Administration menu and downloads the attachment', async ({
  page,
  request,
}) => {
  const subject = `Question ${randomUUID().slice(0, 6)}`
  const sent = await request.post('/api/v1/support/inquiries', {
    multipart: {
      name: 'Bola Ade',
      email: `bola.${randomUUID().slice(0, 8)}@example.ng`,
      subject,
      message: 'How long does approval take?',
      attachment: { name: 'question.png', mimeType: 'image/png', buffer: PNG },
    },
  })
  expect(sent.status()).toBe(201)
  const { reference } = (await sent.json()) as { reference: string }

  await signInAsStaff(page, 'officer@example.com')
  const nav = await openPortalMenu(page)
  await nav.getByRole('link', { name: 'Support inquiries', exact: true }).click()
  await expect(page).toHaveURL(/\/s\/admin\/support-inquiries/)
  const row = page.getByRole('row').filter({ hasText: reference })
  await expect(row).toContainText(subject)
  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: 'Download question.png' }).click()
  expect((await download).suggestedFilename()).toBe('question.png')
  expect(await seriousViolations(page)).toEqual([])
})
