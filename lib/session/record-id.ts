const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A record's id as the API issues them (a UUID): what a page may take from its address. */
export const isRecordId = (value: string): boolean => UUID.test(value)
