/** Values the browser bundle may know. Next inlines NEXT_PUBLIC_* at build time, so this is a literal read. */
export const API_BASE_URL: string = process.env.NEXT_PUBLIC_API_BASE_URL || '/api/v1'
