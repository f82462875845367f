import { useMutation } from '@tanstack/react-query'
import type { SupportInquiryReceipt } from '@/lib/contracts/support'
import { SUPPORT_ATTACHMENT_FIELD } from '@/lib/contracts/support-values'
import { uploadRequest } from '@/lib/http/lazy-client'

export interface SupportInquiryValues {
  name: string
  email: string
  subject: string
  message: string
}

/** POST /support/inquiries: always multipart/form-data (the API takes nothing else), with the optional attachment. */
export function useSendSupportInquiry() {
  return useMutation({
    mutationFn: async ({ values, attachment }: { values: SupportInquiryValues; attachment: File | null }) => {
      const form = new FormData()
      for (const [key, value] of Object.entries(values)) form.set(key, value)
      if (attachment) form.set(SUPPORT_ATTACHMENT_FIELD, attachment, attachment.name)
      return (await uploadRequest<SupportInquiryReceipt>('/support/inquiries', form)).data
    },
  })
}
