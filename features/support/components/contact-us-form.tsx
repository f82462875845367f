import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { checkUploadCandidate, describeUploadLimit, UPLOAD_ACCEPT } from '@/lib/contracts/file-types'
import type { SupportInquiryInput, SupportInquiryReceipt, supportInquiryInputSchema } from '@/lib/contracts/support'
import { SUPPORT_ATTACHMENT_FIELD, SUPPORT_LIMITS } from '@/lib/contracts/support-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { fieldErrors } from '@/lib/http/errors'
import { fileReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useSendSupportInquiry } from '../api/support-calls'
import styles from './contact-us.module.css'

type Output = z.output<typeof supportInquiryInputSchema>
const resolver = lazyZodResolver<SupportInquiryInput, Output>(() =>
  import('@/lib/contracts/support').then((m) => m.supportInquiryInputSchema),
)
const FIELDS = ['name', 'email', 'subject', 'message'] as const
const EMPTY: SupportInquiryInput = { name: '', email: '', subject: '', message: '' }

/**
 * The contact-us form: name, e-mail, subject, message and an optional attachment (PNG, JPEG or PDF up to the upload
 * limit), validated with the API's own schema, sent as multipart/form-data. On success it shows the reference that
 * the acknowledgement mail quotes.
 */
export function ContactUsForm() {
  const form = useForm<SupportInquiryInput, unknown, Output>({ resolver, defaultValues: EMPTY })
  const send = useSendSupportInquiry()
  const { data: uploadLimits } = useQuery(fileReads.uploadLimits())
  const [attachment, setAttachment] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [receipt, setReceipt] = useState<SupportInquiryReceipt | null>(null)
  const fileId = useId()
  const fileHintId = useId()
  const fileErrorId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const confirmation = useRef<HTMLHeadingElement>(null)
  useEffect(() => void resolver.preload(), [])
  useEffect(() => {
    if (receipt) confirmation.current?.focus()
  }, [receipt])

  const pickFile = (picked: File | null) => {
    setAttachment(picked)
    setFileError(picked && uploadLimits ? checkUploadCandidate(picked, uploadLimits.maxBytes) : null)
  }

  const submit = async (values: Output) => {
    if (fileError) return
    try {
      setReceipt(await send.mutateAsync({ values, attachment }))
      form.reset(EMPTY)
      pickFile(null)
    } catch (error) {
      applyApiErrors(error, form.setError, FIELDS)
      const onFile = fieldErrors(error)[SUPPORT_ATTACHMENT_FIELD]
      if (onFile) setFileError(onFile)
    }
  }

  if (receipt) {
    return (
      <section className={styles.panel} aria-labelledby="contact-sent-heading">
        <h2 id="contact-sent-heading" ref={confirmation} tabIndex={-1}>
          Thank you, we have your message
        </h2>
        <p role="status">
          Your reference is <span className={styles.reference}>{receipt.reference}</span>. We have e-mailed you a copy; quote the
          reference if you write to us about this again.
        </p>
        <div className={styles.cluster}>
          <Button variant="secondary" onClick={() => setReceipt(null)}>
            Send another message
          </Button>
        </div>
      </section>
    )
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Contact support" className={styles.panel}>
      <div className={styles.stack}>
        <div className={styles.fieldRow}>
          <TextField name="name" label="Your name" autoComplete="name" maxLength={SUPPORT_LIMITS.name} required />
          <TextField name="email" type="email" label="E-mail address" maxLength={SUPPORT_LIMITS.email} required />
        </div>
        <TextField name="subject" label="Subject" maxLength={SUPPORT_LIMITS.subject} required />
        <TextAreaField
          name="message"
          label="Message"
          rows={6}
          maxLength={SUPPORT_LIMITS.message}
          hint={`Up to ${SUPPORT_LIMITS.message} characters.`}
          required
        />
        <div className={styles.fileField}>
          <label htmlFor={fileId}>Attachment (optional)</label>
          <p id={fileHintId} className={styles.hint}>
            {uploadLimits ? describeUploadLimit(uploadLimits.maxBytes) : 'PNG, JPEG or PDF'}, e.g. a screenshot of the problem.
          </p>
          <input
            id={fileId}
            ref={fileInput}
            name={SUPPORT_ATTACHMENT_FIELD}
            className={styles.fileInput}
            type="file"
            accept={UPLOAD_ACCEPT}
            aria-describedby={fileError ? `${fileHintId} ${fileErrorId}` : fileHintId}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => pickFile(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <p id={fileErrorId} role="alert" className={styles.fileError}>
              {fileError}
            </p>
          )}
        </div>
        <div className={styles.cluster}>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!!fileError}>
            Send message
          </Button>
        </div>
      </div>
    </Form>
  )
}
