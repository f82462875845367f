/** The slice of an OpenAPI 3.1 document the fuzzer reads: operations, their parameters and body schemas. */

export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

interface ParameterObject {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: JsonSchema
}

interface OperationObject {
  parameters?: ParameterObject[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }
  security?: unknown[]
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export interface Parameter {
  name: string
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  /** `PUT /api/v1/kyc/addresses/{id}`: how failures and FUZZ_OPERATION name it. */
  key: string
  method: string
  /** The path template as the document writes it (`/api/v1/kyc/addresses/{id}`). */
  path: string
  pathParams: Parameter[]
  queryParams: Parameter[]
  /** Content types the call declares, with the JSON schema (the first one's) of its body. */
  body?: { contentTypes: string[]; schema: JsonSchema; required: boolean }
  secured: boolean
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: p.schema ?? {} }))
      const content = op.requestBody?.content ?? {}
      const contentTypes = Object.keys(content)
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, required: true, schema: p.schema })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema })),
        body: contentTypes.length
          ? { contentTypes, schema: content[contentTypes[0]!]?.schema ?? {}, required: !!op.requestBody?.required }
          : undefined,
        secured: Array.isArray(op.security) && op.security.length > 0,
      })
    }
  }
  return operations
}

/** Follows `$ref`s into components.schemas (recursively, so a referenced schema that is itself a reference resolves). */
export function schemaResolver(doc: OpenApiDocument) {
  const resolve = (schema: JsonSchema, seen = 0): JsonSchema => {
    if (!schema.$ref || seen > 20) return schema
    const name = schema.$ref.replace('#/components/schemas/', '')
    const target = doc.components?.schemas?.[name]
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`)
    return resolve(target, seen + 1)
  }
  return resolve
}
