import { z } from '@hono/zod-openapi'
import * as productsContract from '@/lib/contracts/products'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs, readArgs, serviceArgs } from '@/server/http/service-args'
import {
  answerConfigChange,
  CONFIG_FOUR_EYES_NOTE,
  configChangeResponses,
} from '@/server/modules/authorizations/config-four-eyes'
import { findAllProducts, findOfferedProducts, findProductCategories, getOfferedProduct } from './find-products'
import { getProduct } from './product-record'
import { requestProductCreate, requestProductGoLive, requestProductUpdate } from './product-requests'
import { createProduct, setProductLive, updateProduct } from './save-product'

const route = routesTagged('Products')

/** Who may see every product, offered or not. */
const PRODUCT_STAFF = [P.CAN_UPDATE_PRODUCT, P.CAN_INDICATE_PRODUCT_GO_LIVE, P.CAN_READ_PRODUCT_BUSINESSES]
const codeParam = z.object({ code: z.string().trim().min(1).max(60) })

export const productRoutes = createRouter()

// ---- static paths first ----

// GET /products/categories (public) – categories with how many products each offers
productRoutes.openapi(
  route.get('/products/categories', {
    summary: 'Product categories (public)',
    ...access.public(),
    responses: { 200: json(z.array(productsContract.productCategorySchema), 'Categories') },
  }),
  async (c) => c.json(await findProductCategories(await publicArgs(c)), 200),
)

// GET /products/admin (staff) – every product with filters
productRoutes.openapi(
  route.get('/products/admin', {
    summary: 'All products (staff)',
    ...access.staffAny(...PRODUCT_STAFF),
    request: { query: productsContract.productAdminQuerySchema },
    responses: { 200: json(productsContract.productPageSchema, 'A page of products'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findAllProducts({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /products/admin/{id} (staff) – one product, offered or not
productRoutes.openapi(
  route.get('/products/admin/{id}', {
    summary: 'A product (staff)',
    ...access.staffAny(...PRODUCT_STAFF),
    request: { params: idParam },
    responses: { 200: json(productsContract.productSchema, 'The product'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getProduct({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /products (public) – live and active products with their requirements
productRoutes.openapi(
  route.get('/products', {
    summary: 'Offered products (public)',
    ...access.public(),
    request: { query: productsContract.productListQuerySchema },
    responses: { 200: json(productsContract.productPageSchema, 'A page of products'), ...errorResponses(400) },
  }),
  async (c) => c.json(await findOfferedProducts({ ...(await publicArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /products (staff, CAN_UPDATE_PRODUCT) – 202 under four-eyes
productRoutes.openapi(
  route.post('/products', {
    summary: 'Create a product',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(P.CAN_UPDATE_PRODUCT),
    request: jsonBody(productsContract.createProductSchema),
    responses: {
      ...configChangeResponses(201, productsContract.productSchema, 'Created'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestProductCreate(args),
      apply: () => createProduct(args),
      status: 201,
    })
  },
)

// ---- parameterised ----

// PUT /products/{id}/go-live (staff, CAN_INDICATE_PRODUCT_GO_LIVE) – 202 under four-eyes
productRoutes.openapi(
  route.put('/products/{id}/go-live', {
    summary: 'Take a product live or withdraw it',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(P.CAN_INDICATE_PRODUCT_GO_LIVE),
    request: { params: idParam, ...jsonBody(productsContract.goLiveSchema) },
    responses: {
      ...configChangeResponses(200, productsContract.productSchema, 'Updated'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const id = c.req.valid('param').id
    const live = c.req.valid('json').live
    return answerConfigChange(c, {
      request: async () => requestProductGoLive({ ...(await serviceArgs(c)), id, input: { live } }),
      apply: async () => setProductLive({ ...(await serviceArgs(c)), id, live }),
      status: 200,
    })
  },
)

// PUT /products/{id} (staff, CAN_UPDATE_PRODUCT) – a changed requirement list becomes a new version; 202 under four-eyes
productRoutes.openapi(
  route.put('/products/{id}', {
    summary: 'Update a product',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(P.CAN_UPDATE_PRODUCT),
    request: { params: idParam, ...jsonBody(productsContract.updateProductSchema) },
    responses: {
      ...configChangeResponses(200, productsContract.productSchema, 'Updated'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestProductUpdate(args),
      apply: () => updateProduct(args),
      status: 200,
    })
  },
)

// GET /products/{code} (public) – an offered product by code, with its id
productRoutes.openapi(
  route.get('/products/{code}', {
    summary: 'An offered product by code (public)',
    ...access.public(),
    request: { params: codeParam },
    responses: { 200: json(productsContract.productSchema, 'The product'), ...errorResponses(400, 404) },
  }),
  async (c) => c.json(await getOfferedProduct({ ...(await publicArgs(c)), code: c.req.valid('param').code }), 200),
)
