import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import { Uploader, type UploadFunction, type UploadRequest } from '@/components/ui/uploader'
import { UPLOAD_FAILED_MESSAGE, type UploadedFile } from '@/lib/contracts/file-types'
import { fileReads } from '@/lib/query/shared-queries'

const MB = 1024 * 1024

function renderUploader(options: { upload: UploadFunction; maxBytes?: number; onUploaded?: (file: UploadedFile) => void }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(fileReads.uploadLimits().queryKey, {
    maxBytes: options.maxBytes ?? 5 * MB,
    allowedTypes: ['image/png', 'image/jpeg', 'application/pdf'],
  })
  const onUploaded = options.onUploaded ?? vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <Uploader
        purpose="KYC_DOCUMENT"
        businessId="b-1"
        label="Certificate of incorporation"
        onUploaded={onUploaded}
        upload={options.upload}
      />
    </QueryClientProvider>,
  )
  return { onUploaded, input: screen.getByLabelText('Certificate of incorporation') as HTMLInputElement }
}

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['%PDF'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

function pick(input: HTMLInputElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } })
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function httpError(status: number, message: string): AxiosError {
  const response = {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { errors: [{ code: 'X', message }] },
  } as AxiosResponse
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response)
}

const uploaded = (name: string): UploadedFile => ({ id: 'f-1', fileName: name, contentType: 'application/pdf', sizeBytes: 100 })

describe('Uploader', () => {
  it('shows the configured limit on the label and takes only PNG, JPEG or PDF', () => {
    const { input } = renderUploader({ upload: vi.fn(), maxBytes: 2 * MB })
    expect(screen.getByText('PNG, JPEG or PDF, up to 2 MB')).toBeInTheDocument()
    expect(input).toHaveAttribute('type', 'file')
    expect(input.accept).toContain('application/pdf')
    expect(input).toHaveAccessibleDescription('PNG, JPEG or PDF, up to 2 MB')
  })

  it('shows progress, then calls onUploaded with the confirmed file', async () => {
    const done = deferred<UploadedFile>()
    let request: UploadRequest | undefined
    const upload = vi.fn<UploadFunction>((r) => {
      request = r
      return done.promise
    })
    const { input, onUploaded } = renderUploader({ upload })
    pick(input, fileOf('cac.pdf', 'application/pdf', 200))

    expect(upload).toHaveBeenCalledTimes(1)
    expect(request).toMatchObject({ purpose: 'KYC_DOCUMENT', businessId: 'b-1' })
    expect(request!.file.name).toBe('cac.pdf')
    const bar = screen.getByRole('progressbar', { name: 'Uploading cac.pdf' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    expect(bar).toHaveAttribute('aria-valuemax', '100')
    expect(input).toBeDisabled()

    act(() => request!.onProgress(100))
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')

    await act(async () => done.resolve(uploaded('cac.pdf')))
    expect(onUploaded).toHaveBeenCalledWith(uploaded('cac.pdf'))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded cac.pdf')
    expect(input).toBeEnabled()
  })

  it('shows the spec message on any failure and retries the same file', async () => {
    const upload = vi
      .fn<UploadFunction>()
      .mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'))
      .mockResolvedValueOnce(uploaded('cac.pdf'))
    const { input, onUploaded } = renderUploader({ upload })
    const file = fileOf('cac.pdf', 'application/pdf', 200)
    pick(input, file)

    const alert = await screen.findByRole('alert')
    expect(alert.firstChild?.textContent).toBe(UPLOAD_FAILED_MESSAGE)
    expect(UPLOAD_FAILED_MESSAGE).toBe('Failed to upload, network error please try again later.')
    expect(onUploaded).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(uploaded('cac.pdf')))
    expect(upload).toHaveBeenCalledTimes(2)
    expect(upload.mock.calls[1]![0].file).toBe(file)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("shows the server's message for 415 and 413 from confirm, without a retry", async () => {
    const upload = vi
      .fn<UploadFunction>()
      .mockRejectedValueOnce(
        httpError(415, 'Only PNG, JPEG or PDF files can be uploaded; the content of this file is not one of them'),
      )
      .mockRejectedValueOnce(httpError(413, 'The file is larger than 5 MB'))
      .mockRejectedValueOnce(httpError(500, 'Something went wrong'))
    const { input } = renderUploader({ upload })

    pick(input, fileOf('fake.pdf', 'application/pdf', 200))
    expect(await screen.findByRole('alert')).toHaveTextContent('the content of this file is not one of them')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()

    pick(input, fileOf('big.pdf', 'application/pdf', 200))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 5 MB'))

    pick(input, fileOf('any.pdf', 'application/pdf', 200))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_FAILED_MESSAGE))
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it("shows the virus scanner's refusal without a retry, and its silence with one", async () => {
    const upload = vi
      .fn<UploadFunction>()
      .mockRejectedValueOnce(httpError(422, 'cac.pdf was refused: the virus scanner found malware in it (Eicar-Signature).'))
      .mockRejectedValueOnce(httpError(503, 'cac.pdf could not be scanned for viruses: the scanner is not answering.'))
    const { input } = renderUploader({ upload })

    pick(input, fileOf('cac.pdf', 'application/pdf', 200))
    expect(await screen.findByRole('alert')).toHaveTextContent('the virus scanner found malware in it')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()

    pick(input, fileOf('cac.pdf', 'application/pdf', 200))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('the scanner is not answering'))
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('refuses too large and wrong-type files before sending anything', () => {
    const upload = vi.fn<UploadFunction>()
    const { input } = renderUploader({ upload, maxBytes: 2 * MB })

    pick(input, fileOf('scan.pdf', 'application/pdf', 2 * MB + 1))
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 2 MB')
    expect(input).toHaveAttribute('aria-invalid', 'true')

    pick(input, fileOf('notes.txt', 'text/plain', 10))
    expect(screen.getByRole('alert')).toHaveTextContent('Only PNG, JPEG or PDF files can be uploaded')
    expect(upload).not.toHaveBeenCalled()

    pick(input, fileOf('scan.pdf', 'application/pdf', 2 * MB))
    expect(upload).toHaveBeenCalledTimes(1)
  })

  it('marks a required upload and offers to replace a saved file instead of saying none is chosen', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(fileReads.uploadLimits().queryKey, { maxBytes: MB, allowedTypes: ['application/pdf'] })
    render(
      <QueryClientProvider client={queryClient}>
        <Uploader
          purpose="PRODUCT_REQUIREMENT"
          label="Escrow agreement"
          required
          hasSavedFile
          onUploaded={vi.fn()}
          upload={vi.fn()}
        />
      </QueryClientProvider>,
    )
    const input = screen.getByLabelText(/^Escrow agreement/)
    expect(input).toHaveAttribute('aria-required', 'true')
    expect(input.closest('div')!.querySelector('label')).toHaveTextContent('Escrow agreement*')
    expect(screen.getByText('Replace file')).toBeInTheDocument()
    expect(screen.queryByText(/no file chosen/i)).not.toBeInTheDocument()
  })
})

function FormWithUploader({ upload, onSubmit }: { upload: UploadFunction; onSubmit: (values: { line1: string }) => void }) {
  const form = useForm<{ line1: string }>({ defaultValues: { line1: '1 Marina' } })
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="New address">
      <TextField name="line1" label="Address" />
      <Uploader purpose="ADDRESS_DOC" businessId="b-1" label="Proof of address" onUploaded={vi.fn()} upload={upload} />
      <Button type="submit">Add address</Button>
    </Form>
  )
}

describe('A form with an uploader', () => {
  it('cannot be submitted, by the button or by Enter, while its upload runs', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(fileReads.uploadLimits().queryKey, { maxBytes: MB, allowedTypes: ['application/pdf'] })
    const done = deferred<UploadedFile>()
    const onSubmit = vi.fn()
    render(
      <QueryClientProvider client={queryClient}>
        <FormWithUploader upload={() => done.promise} onSubmit={onSubmit} />
      </QueryClientProvider>,
    )
    const submit = screen.getByRole('button', { name: 'Add address' })
    expect(submit).toBeEnabled()

    pick(screen.getByLabelText('Proof of address') as HTMLInputElement, fileOf('bill.pdf', 'application/pdf', 200))
    expect(submit).toBeDisabled()
    expect(submit).toHaveAccessibleDescription('Wait for the upload to finish')
    fireEvent.submit(screen.getByRole('form', { name: 'New address' }))
    await act(async () => {})
    expect(onSubmit).not.toHaveBeenCalled()

    await act(async () => done.resolve(uploaded('bill.pdf')))
    expect(submit).toBeEnabled()
    expect(screen.queryByText('Wait for the upload to finish')).not.toBeInTheDocument()
    fireEvent.click(submit)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  })

  it('can be submitted again once a failed upload stops', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(fileReads.uploadLimits().queryKey, { maxBytes: MB, allowedTypes: ['application/pdf'] })
    render(
      <QueryClientProvider client={queryClient}>
        <FormWithUploader upload={() => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK'))} onSubmit={vi.fn()} />
      </QueryClientProvider>,
    )
    pick(screen.getByLabelText('Proof of address') as HTMLInputElement, fileOf('bill.pdf', 'application/pdf', 200))
    await screen.findByRole('alert')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add address' })).toBeEnabled())
  })
})
