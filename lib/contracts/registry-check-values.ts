/** Registry check vocabulary shared by the server, the API contract and the browser. No zod and no I/O here. */

/** docs/ownership.md#registry-check: the kinds of holder a registry extract names. */
export const REGISTRY_HOLDER_KINDS = ['PERSON', 'COMPANY', 'TRUST', 'NOMINEE'] as const
export type RegistryHolderKind = (typeof REGISTRY_HOLDER_KINDS)[number]
