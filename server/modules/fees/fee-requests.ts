import type { FeeValues } from '@/lib/contracts/fees'
import { notFound } from '@/server/http/app-error'
import type { ChangeRequestArgs, RequestArgs } from '@/server/modules/authorizations/request-authorization'
import { requestChange, requestCreation } from '@/server/modules/authorizations/request-authorization'
import { currentFeeSnapshot, feeNames } from './fee-kinds'
import { assertFeeReferences, assertNoDuplicateFee, koboToNairaAmount, nairaToKobo, readFee } from './fees'

/**
 * What a proposal keeps: the amount as the fee will hold it, in whole kobo (the schema lets through a float a hair
 * off two decimals, e.g. 19.990000001, which the approval would round anyway: the checker must see what applies).
 */
const proposalOf = (input: FeeValues): FeeValues => ({ ...input, amount: koboToNairaAmount(nairaToKobo(input.amount)) })

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
    proposal: proposalOf(input),
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
    proposal: proposalOf(input),
    before,
  })
}
