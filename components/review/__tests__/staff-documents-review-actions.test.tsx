import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DocumentReviewActions } from '@/components/review/document-review-actions'
import { FilePreview } from '@/components/review/file-preview'
import { PERMISSIONS } from '@/lib/permissions/names'
import { reviewKycDocument } from '@/lib/query/shared-queries'
import { mockApi, renderWithClient, route, STAFF_ID } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { kycDocument, roleOf } from '@/tests/components/staff-documents-fixtures'

polyfillDialog()

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

const dialog = () => screen.getByRole('alertdialog')

describe('DocumentReviewActions', () => {
  it('approves a pending document after confirming, with an optional comment', async () => {
    const document = kycDocument()
    api = mockApi(
      route('PUT', `/kyc/documents/${document.id}/review`, (call) => ({
        data: { ...document, status: 'APPROVED', reviewComment: (call.body as { comment?: string }).comment ?? null },
      })),
    )
    const onChanged = vi.fn()
    renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={document}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
        onChanged={onChanged}
      />,
    )

    fireEvent.click(screen.getByRole('button', { name: 'Approve TIN certificate' }))
    expect(within(dialog()).getByText('The business is told by e-mail.')).toBeInTheDocument()
    fireEvent.change(within(dialog()).getByLabelText('Comment (optional)'), { target: { value: 'Clear scan.' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: 'APPROVED' })))
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'APPROVED', comment: 'Clear scan.' })
  })

  it('declines only with a reason, and shows the server’s message about it', async () => {
    const document = kycDocument()
    api = mockApi(
      route('PUT', `/kyc/documents/${document.id}/review`, {
        status: 400,
        data: { errors: [{ code: 'VALIDATION_FAILED', field: 'comment', message: 'A comment has at most 2000 characters' }] },
      }),
    )
    renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={document}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
      />,
    )

    fireEvent.click(screen.getByRole('button', { name: 'Decline TIN certificate' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Write the reason: the business reads it.')
    expect(api.calls).toHaveLength(0)

    fireEvent.change(within(dialog()).getByLabelText('Reason for declining'), { target: { value: 'Expired.' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('A comment has at most 2000 characters'))
    expect(api.calls[0]!.body).toEqual({ decision: 'REJECTED', comment: 'Expired.' })
  })

  it('asks for a re-upload with the reason the business reads', async () => {
    const document = kycDocument({ status: 'APPROVED' })
    api = mockApi(
      route('POST', `/kyc/documents/${document.id}/reupload-request`, (call) => ({
        data: {
          ...document,
          reuploadReason: (call.body as { reason: string }).reason,
          reuploadRequestedAt: '2026-03-04T10:00:00.000Z',
        },
      })),
    )
    const onChanged = vi.fn()
    renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={document}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
        onChanged={onChanged}
      />,
    )

    // Decided already: no decision buttons, the re-upload request stays.
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Request a new upload of TIN certificate' }))
    fireEvent.change(within(dialog()).getByLabelText('What is wrong with the document'), { target: { value: 'bad' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Request re-upload' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Write at least 5 characters')
    fireEvent.change(within(dialog()).getByLabelText('What is wrong with the document'), {
      target: { value: '  The bottom of the page is cut off.  ' },
    })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Request re-upload' }))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { reason: 'The bottom of the page is cut off.' } })
  })

  it('shows only what the permissions allow: CAC documents need CAN_APPROVE_CAC_DOCUMENT to decide', () => {
    const cac = kycDocument({ code: 'CAC_2', name: 'CAC 2', isCac: true })
    const { unmount } = renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={cac}
        permissions={[PERMISSIONS.CAN_APPROVE_BUSINESS]}
        currentUserId={STAFF_ID}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Approve CAC 2' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request a new upload of CAC 2' })).toBeInTheDocument()
    unmount()

    const { container, unmount: unmount2 } = renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={cac}
        permissions={roleOf('AUDITOR')}
        currentUserId={STAFF_ID}
      />,
    )
    expect(container).toBeEmptyDOMElement()
    unmount2()

    renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={cac}
        permissions={[PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT]}
        currentUserId={STAFF_ID}
      />,
    )
    expect(screen.getByRole('button', { name: 'Approve CAC 2' })).toBeInTheDocument()
  })

  it('four-eyes: the uploader, or someone of the business, sees why and gets no buttons; an open request shows its reason', () => {
    const own = kycDocument({ uploadedBy: STAFF_ID })
    const { unmount } = renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={own}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
      />,
    )
    expect(screen.getByRole('note')).toHaveTextContent('four-eyes')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    unmount()

    const asked = kycDocument({ reuploadReason: 'Scan the whole page.', reuploadRequestedAt: '2026-03-04T10:00:00.000Z' })
    renderWithClient(
      <DocumentReviewActions
        review={reviewKycDocument}
        document={asked}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
      />,
    )
    expect(screen.getByText('Re-upload asked: Scan the whole page.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Request a new upload/ })).not.toBeInTheDocument()
  })
})

describe('FilePreview', () => {
  it('fetches the file through the API client and shows a PDF in a frame, an image as an image', async () => {
    const created = vi.fn(() => 'blob:preview-1')
    const revoked = vi.fn()
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked })
    api = mockApi(
      route('GET', '/files/pdf-1', { data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) }),
      route('GET', '/files/png-1', { data: new Blob(['png'], { type: 'image/png' }) }),
      route('GET', '/files/gone', { status: 404, data: { errors: [{ code: 'NOT_FOUND', message: 'File not found' }] } }),
    )
    const { unmount } = renderWithClient(
      <FilePreview
        file={{ id: 'pdf-1', fileName: 'cac_2.pdf', contentType: 'application/pdf' }}
        title="CAC 2 of Kano Textiles"
      />,
    )
    expect(await screen.findByTitle('CAC 2 of Kano Textiles')).toHaveAttribute('src', 'blob:preview-1')
    expect(screen.getByRole('link', { name: 'Download cac_2.pdf' })).toHaveAttribute('download', 'cac_2.pdf')
    unmount()
    expect(revoked).toHaveBeenCalledWith('blob:preview-1')

    const { unmount: unmount2 } = renderWithClient(
      <FilePreview file={{ id: 'png-1', fileName: 'tin.png', contentType: 'image/png' }} title="TIN certificate" />,
    )
    expect(await screen.findByRole('img', { name: 'TIN certificate' })).toBeInTheDocument()
    unmount2()

    renderWithClient(<FilePreview file={{ id: 'gone', fileName: 'x.pdf', contentType: 'application/pdf' }} title="Gone" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found')
  })
})
