/**
 * An API path whose every interpolated value is encoded as one path segment (`encodeURIComponent`), so an id holding
 * `/`, `?` or `#` can never reach another route: apiPath`/businesses/${id}/products` → `/businesses/a%2Fb/products`.
 * The one way the browser code puts a value in an API path (a value in its query too, encoded the same way).
 */
export function apiPath(strings: TemplateStringsArray, ...segments: readonly (string | number)[]): string {
  return strings.reduce((path, part, i) => path + part + (i < segments.length ? encodeURIComponent(String(segments[i])) : ''), '')
}
