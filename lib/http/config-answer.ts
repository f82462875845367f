import type { AxiosResponse } from 'axios'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'

/**
 * What a configuration call (products, fees, deferral settings) answered: the changed record, or, with
 * FOUR_EYES_CONFIG on (202), the PENDING authorization holding the change; then nothing has changed yet.
 */
export type ConfigAnswer<T> = { pending: false; record: T } | { pending: true; authorization: AuthorizationDetail }

export function configAnswer<T>(res: AxiosResponse<T | AuthorizationDetail>): ConfigAnswer<T> {
  return res.status === 202
    ? { pending: true, authorization: res.data as AuthorizationDetail }
    : { pending: false, record: res.data as T }
}

export const SENT_FOR_APPROVAL = 'Sent for approval: another person must approve this change before it takes effect.'
