/**
 * Azurite's published development key and the connection string for an Azurite on 127.0.0.1. No imports, so the
 * start scripts and test setups can use it without the app's configuration.
 */
export const AZURITE_DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

export function azuriteConnectionString(accountName: string, port: number): string {
  return (
    `DefaultEndpointsProtocol=http;AccountName=${accountName};AccountKey=${AZURITE_DEV_KEY};` +
    `BlobEndpoint=http://127.0.0.1:${port}/${accountName};`
  )
}
