import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { ownerWithBusiness, signInAsOwner } from './support/accounts'
import { poster, uploadFile, PERSON_DETAILS } from './support/kyc-api'
import { dismissToasts } from './support/toasts'

/**
 * The owner's journey through the statuses and the dead ends of issue 18: the address typed at registration offered
 * in the addresses step, a beneficial owner's means of ID added from the shareholders step without losing the
 * person's role, the CAC status report standing in for CAC 7, the documents step counted as listed, the stepper,
 * the KYC page and the dashboard saying the same thing before and after submission, and no false "restored" draft.
 */

type Headers = Record<string, string>

/** Every required document of the business, the CAC status report standing in for CAC 7. */
async function attachDocuments(request: APIRequestContext, headers: Headers, businessId: string, kycDetailsId: string) {
  const checklist = (await (await request.get(`/api/v1/kyc/document-checklist/${businessId}`, { headers })).json()) as {
    items: { documentType: { id: string; code: string }; required: boolean }[]
  }
  const post = poster(request, headers)
  for (const item of checklist.items.filter((i) => i.required && i.documentType.code !== 'CAC_7')) {
    const fileId = await uploadFile(request, headers, businessId, 'KYC_DOCUMENT', `${item.documentType.code.toLowerCase()}.pdf`)
    await post('/kyc/documents', { kycDetailsId, documentTypeId: item.documentType.id, fileId })
  }
}

/** The business's and the KYC's status badges; a document's own status ("Under review" too) sits in its list item. */
async function badges(page: Page) {
  return page
    .getByText(/^(Not submitted|Awaiting review|Under review|KYC not started|KYC not submitted|KYC submitted)$/)
    .and(page.locator(':not(li *)'))
}

test('an owner is led through every dead end, and every screen words each status the same', async ({ page, request }) => {
  test.setTimeout(150_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Ngozi', lastName: 'Eze' },
    { name: 'Eze Textiles', emailDomain: 'ezetextiles.ng' },
  )
  const headers = await owner.bearer()
  const businessId = owner.business.id
  const post = poster(request, headers)
  await signInAsOwner(page, owner.email, owner.password)

  // New: the KYC page and the dashboard use one word set.
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${businessId}`)
  const steps = page.getByRole('navigation', { name: 'KYC steps' })
  await expect(page.getByText('KYC not started')).toBeVisible()
  await expect(page.getByTestId('step-count')).toHaveText('Step 1 of 6: Company details')

  // Company details saved through the API; opening the saved step shows no "restored" banner.
  const kyc = await post('/kyc/details', {
    businessId,
    tin: '12345678-0001',
    incorporationDate: '2016-05-04',
    natureOfBusiness: 'Textile weaving',
    numberOfEmployees: 18,
    annualTurnover: 42_000_000,
    countryOfIncorporation: 'Nigeria',
  })
  await page.reload()
  await expect(page.getByRole('form', { name: 'Company details' })).toBeVisible()
  await expect(page.getByText('We restored changes you had not saved yet')).toHaveCount(0)

  // A change left unsaved is restored after a reload; "discard them" deletes it for good.
  await page.getByLabel(/Nature of business/).fill('Textile weaving and dyeing')
  await expect(page.getByText('Draft saved')).toBeVisible({ timeout: 10_000 })
  await page.reload()
  await expect(page.getByText('We restored changes you had not saved yet')).toBeVisible()
  await page.getByRole('button', { name: 'discard them' }).click()
  await expect(page.getByText('We restored changes you had not saved yet')).toHaveCount(0)
  await expect(page.getByLabel(/Nature of business/)).toHaveValue('Textile weaving')
  await page.reload()
  await expect(page.getByRole('form', { name: 'Company details' })).toBeVisible()
  await expect(page.getByLabel(/Nature of business/)).toHaveValue('Textile weaving')
  await expect(page.getByText('We restored changes you had not saved yet')).toHaveCount(0)

  // Saving a changed step leaves no draft behind either.
  await page.getByLabel(/Number of employees/).fill('19')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByRole('heading', { name: '2. Addresses' })).toBeVisible()
  await steps.getByRole('button', { name: /Company details/ }).click()
  await page.reload()
  await expect(page.getByLabel(/Number of employees/)).toHaveValue('19')
  await expect(page.getByText('We restored changes you had not saved yet')).toHaveCount(0)

  // Addresses: the registered address typed at registration is offered, not typed twice.
  await steps.getByRole('button', { name: /Addresses/ }).click()
  await expect(page.getByTestId('step-count')).toHaveText('Step 2 of 6: Addresses')
  await expect(page.getByTestId('registration-address')).toContainText('3 Marina')
  await page.getByRole('button', { name: 'Use it as the registered office address' }).click()
  const address = page.getByRole('form', { name: 'New address' })
  await expect(address.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('3 Marina')
  await expect(address.getByLabel(/^State/)).toHaveValue('Lagos')
  // The registration form did not ask for the local government area: the one thing left to choose.
  await address.getByLabel(/Local government area/).selectOption('Lagos Island')
  await address.getByRole('button', { name: 'Add address' }).click()
  const addresses = page.getByRole('list', { name: 'Addresses' })
  await expect(addresses.getByText('Registered office')).toBeVisible()
  // A registered office has no passport photograph to report.
  await expect(addresses).not.toContainText('Passport photo')
  await expect(page.getByTestId('registration-address')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Continue to means of ID' })).toBeVisible()

  // Means of ID before shareholders: a director's ID, not yet linked; then she turns out to hold 100%.
  await post('/kyc/means-of-ids', {
    ...PERSON_DETAILS,
    kycDetailsId: kyc.id,
    firstName: 'Ngozi',
    lastName: 'Eze',
    role: 'DIRECTOR',
    idType: 'INTERNATIONAL_PASSPORT',
    idNumber: 'A12345678',
    issueDate: '2021-01-10',
    expiryDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
  })
  await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId: kyc.id,
    type: 'INDIVIDUAL',
    firstName: 'Ngozi',
    lastName: 'Eze',
    nationality: 'Nigerian',
    bvn: '22212345678',
    percentage: 100,
  })
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${businessId}&step=SHAREHOLDERS`)
  await expect(page.getByRole('heading', { name: '4. Shareholders' })).toBeVisible()
  await expect(page.getByText('Needs a means of ID', { exact: true })).toBeVisible()
  // The badge comes with the way to fix it: her ID opens linked to her, her role kept, and back to the shareholders.
  await page.getByRole('button', { name: 'Add the means of ID of Ngozi Eze' }).click()
  await expect(page.getByRole('heading', { name: '3. Means of ID' })).toBeVisible()
  const idForm = page.getByRole('form', { name: 'Edit means of ID' })
  await expect(idForm.getByLabel(/Whose ID is it/)).toHaveValue(/.+/)
  await expect(idForm.getByLabel(/^Role/)).toHaveValue('DIRECTOR')
  await idForm.getByRole('button', { name: 'Save means of ID' }).click()
  await expect(page.getByRole('heading', { name: '4. Shareholders' })).toBeVisible()
  await expect(page.getByText('Needs a means of ID', { exact: true })).toHaveCount(0)
  await steps.getByRole('button', { name: /Means of ID/ }).click()
  await expect(page.getByRole('list', { name: 'Means of ID' })).toContainText('Director and shareholder')
  await dismissToasts(page)

  // Documents: with the status report in, CAC 7 is not needed, the count says what is optional, the step is done.
  await attachDocuments(request, headers, businessId, kyc.id)
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${businessId}&step=DOCUMENTS`)
  const documents = page.getByRole('list', { name: 'Documents', exact: true })
  await expect(documents.getByRole('listitem', { name: /^CAC 7/ })).toContainText('Not needed')
  await expect(documents.getByRole('listitem', { name: /^CAC 7/ })).toContainText('CAC status report was provided in its place.')
  await expect(page.getByTestId('documents-progress')).toHaveText(
    /^All \d+ required documents .*are provided or deferred\.( \d+ more (is|are) optional\.)?$/,
  )
  for (const step of ['Company details', 'Addresses', 'Means of ID', 'Shareholders', 'Documents'])
    await expect(steps.getByRole('button', { name: new RegExp(step) })).toContainText('Done')

  // A document can be deleted, after confirmation.
  const report = documents.getByRole('listitem', { name: 'CAC status report' })
  await report.getByRole('button', { name: 'Delete CAC status report' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete document' }).click()
  await expect(report).toContainText('Missing')
  await expect(documents.getByRole('listitem', { name: /^CAC 7/ })).toContainText('Missing')
  await expect(steps.getByRole('button', { name: /Documents/ })).toContainText('To do')
  await attachDocuments(request, headers, businessId, kyc.id)
  await page.reload()
  await expect(steps.getByRole('button', { name: /Documents/ })).toContainText('Done')
  expect(await seriousViolations(page)).toEqual([])

  // Submitted: the KYC page, the dashboard and the product list say the same words.
  const completed = await request.put(`/api/v1/businesses/${businessId}/completed-kyc-details`, { headers })
  expect(completed.status(), await completed.text()).toBe(200)
  await page.reload()
  await expect(await badges(page)).toHaveText(['Awaiting review', 'KYC submitted'])
  await expect(steps.getByRole('button', { name: /Documents/ })).toContainText('Done')
  await page.goto(`/s/businesses/dashboard-details?businessId=${businessId}`)
  await expect(page.getByRole('heading', { name: owner.business.name })).toBeVisible()
  await expect(await badges(page)).toHaveText(['Awaiting review', 'KYC submitted'])
  await expect(page.getByText('KYC completed')).toHaveCount(0)
  await expect(page.getByText('5 of 5 steps done')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
