import type { FeeValues } from '@/lib/contracts/fees'
import { currentFeeSnapshot, feeNames } from '@/server/modules/authorizations/kinds/fees'
import type { ChangeRequestArgs, RequestArgs } from '@/server/modules/authorizations/request-authorization'
import { requestChange, requestCreation } from '@/server/modules/authorizations/request-authorization'
import { notFound } from '@/server/http/app-error'
import { assertFeeReferences, assertNoDuplicateFee, readFee } from './fees'

/**
 * The four-eyes side of fees (FOUR_EYES_CONFIG on, docs/domain.md#authorizations): the input is checked as the
 * direct call checks it (400 naming the field, 404, 409 for a fee already taking effect that day), then a PENDING
 * authorization is recorded (202) and nothing else changes.
 */
export async function requestFeeCreate(options: RequestArgs<FeeValues>) {
  const { db, input } = options
  await assertFeeReferences(db, input)
  await assertNoDuplicateFee(db, input)
  const names = await feeNames(db, input)
  return requestCreation(options, {
    type: 'FEE_CREATE',
    resource: 'fee',
    targetKey: `fee-day:${input.divisionId}:${input.serviceDetailId}:${input.effectiveFrom}`,
    target: `${names.client}: ${names.service} from ${input.effectiveFrom}`,
    proposal: input,
  })
}

export async function requestFeeUpdate(options: ChangeRequestArgs<FeeValues>) {
  const { db, input, id } = options
  const before = await currentFeeSnapshot(db, id)
  if (!before) throw notFound('Fee')
  await assertFeeReferences(db, input)
  await assertNoDuplicateFee(db, input, id)
  const fee = await readFee(db, id)
  return requestChange(options, {
    type: 'FEE_UPDATE',
    resource: 'fee',
    resourceId: id,
    target: `${fee.divisionName}: ${fee.serviceName} from ${fee.effectiveFrom}`,
    proposal: input,
    before,
  })
}
