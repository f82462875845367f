/** CRM lookup limits the browser needs (spec section 8: "CRM search size limit 15"). */
export const CRM_SEARCH_SIZE_LIMIT = 15
/** The search box asks nothing under this many characters. */
export const CRM_SEARCH_MIN_CHARS = 2

/** Columns of the CRM accounts CSV (`POST /crm/accounts/import`), in the order of the template's header. */
export const CRM_ACCOUNT_CSV_COLUMNS = [
  'externalRef',
  'name',
  'regNo',
  'typeHint',
  'categoryHint',
  'addressLine1',
  'city',
  'state',
  'country',
  'contactEmail',
  'contactPhone',
] as const
export type CrmAccountCsvColumn = (typeof CRM_ACCOUNT_CSV_COLUMNS)[number]

/** The most rows one CSV import takes. */
export const CRM_IMPORT_MAX_ROWS = 5000
