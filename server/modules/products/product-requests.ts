import type { ChangeRequestArgs, RequestArgs } from '@/server/modules/authorizations/request-authorization'
import { requestChange, requestCreation } from '@/server/modules/authorizations/request-authorization'
import { currentProductSnapshot, type ProductGoLiveProposal } from './product-kinds'
import { getProductById } from './product-record'
import { checkGoLive, prepareProductUpdate, validateProductCreate, type CreateProduct, type UpdateProduct } from './save-product'

/**
 * The four-eyes side of product configuration (FOUR_EYES_CONFIG on, docs/domain.md#authorizations): each checks the
 * input exactly as the direct call does (400 naming the field, 404, 409), then records a PENDING authorization (202)
 * and changes nothing; a checker's approval applies it with the same write functions.
 */
export async function requestProductCreate(options: RequestArgs<CreateProduct>) {
  const input = await validateProductCreate(options.db, options.input)
  return requestCreation(options, {
    type: 'PRODUCT_CREATE',
    resource: 'product',
    targetKey: `product-code:${input.code}`,
    target: `${input.name} (${input.code})`,
    proposal: input,
  })
}

export async function requestProductUpdate(options: ChangeRequestArgs<UpdateProduct>) {
  const { before, input } = await prepareProductUpdate(options.db, options.id, options.input)
  return requestChange(options, {
    type: 'PRODUCT_UPDATE',
    resource: 'product',
    resourceId: before.id,
    target: `${before.name} (${before.code})`,
    proposal: input,
    before: (await currentProductSnapshot(options.db, before.id))!,
  })
}

export async function requestProductGoLive(options: ChangeRequestArgs<ProductGoLiveProposal>) {
  const before = await getProductById(options.db, options.id)
  checkGoLive(before, options.input.live)
  return requestChange(options, {
    type: 'PRODUCT_GO_LIVE',
    resource: 'product',
    resourceId: before.id,
    target: `${before.name} (${before.code})`,
    proposal: { live: options.input.live },
    before: (await currentProductSnapshot(options.db, before.id))!,
  })
}
