/** Plain values about locations, kept apart from the zod schemas so browser code can use them without zod. */
/** The id of the one country whose states carry local government areas. */
export const NIGERIA_ID = 'NG'

/** `Akwa Ibom` → `akwa_ibom`: lower case ASCII, runs of anything else become one underscore. */
export function locationAlias(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}
