import { Readable } from 'node:stream'
import {
  BlobSASPermissions,
  BlobServiceClient,
  generateBlobSASQueryParameters,
  SASProtocol,
  StorageSharedKeyCredential,
  type ContainerClient,
} from '@azure/storage-blob'
import { ConfigError, getConfig, type AppConfig } from '@/lib/config/env'
import { azuriteConnectionString } from './azurite-account'

/** Clock skew allowance: a SAS starts this long before now, so it is usable for at most its TTL plus this. */
export const SAS_START_SKEW_MS = 60 * 1000

export interface BlobProperties {
  size: number
  contentType: string | undefined
}

export interface BlobDownload {
  body: ReadableStream<Uint8Array>
  size: number
}

/** A whole blob read into memory, or `tooLarge` as soon as it passes the cap (the rest is not read). */
export type BlobContent = { tooLarge: false; bytes: Uint8Array } | { tooLarge: true }

/** The storage the upload flow needs, over one container. */
export interface BlobStorage {
  readonly container: string
  /** A SAS URL that can create and write exactly this one blob until `expiresOn`, and the blob's plain URL. */
  createUploadUrl(blobName: string, expiresOn: Date): { uploadUrl: string; blobUrl: string }
  /** null when the blob does not exist. */
  getProperties(blobName: string): Promise<BlobProperties | null>
  /** Up to `length` bytes from the start of the blob. */
  readHead(blobName: string, length: number): Promise<Uint8Array>
  /** The whole blob, reading at most `maxBytes` (+1 to notice more); null when it does not exist. */
  readAll(blobName: string, maxBytes: number): Promise<BlobContent | null>
  /** Writes a new blob; refuses (409 from storage) to overwrite one. */
  upload(blobName: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** Deletes the blob if it exists. */
  delete(blobName: string): Promise<void>
  download(blobName: string): Promise<BlobDownload>
  /** Throws unless the container answers within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>
}

/**
 * The connection string to use: the configured one, account + key against Azure, or (outside production, with
 * nothing configured) the Azurite that `npm run demo` starts on AZURITE_PORT.
 */
export function storageConnectionString(config: AppConfig): string {
  const { connectionString, accountName, accountKey, azuritePort } = config.storage
  if (connectionString) return connectionString
  if (accountKey) {
    return `DefaultEndpointsProtocol=https;AccountName=${accountName};AccountKey=${accountKey};EndpointSuffix=core.windows.net`
  }
  if (config.isProduction) {
    throw new ConfigError(
      'Blob storage is not configured: set AZURE_STORAGE_CONNECTION_STRING, or AZURE_STORAGE_ACCOUNT and AZURE_STORAGE_KEY',
    )
  }
  return azuriteConnectionString(accountName, azuritePort)
}

export function createBlobStorage(config: AppConfig): BlobStorage {
  const service = BlobServiceClient.fromConnectionString(storageConnectionString(config), {
    retryOptions: { maxTries: 3, tryTimeoutInMs: 60_000, retryDelayInMs: 200, maxRetryDelayInMs: 2_000 },
  })
  const credential = service.credential
  if (!(credential instanceof StorageSharedKeyCredential)) {
    throw new ConfigError('Blob storage needs an account key (in the connection string or AZURE_STORAGE_KEY) to sign upload URLs')
  }
  const container: ContainerClient = service.getContainerClient(config.storage.container)
  // HTTP only for a local emulator endpoint (Azurite) outside production.
  const httpsOnly = config.isProduction || new URL(container.url).protocol === 'https:'

  return {
    container: config.storage.container,

    createUploadUrl(blobName, expiresOn) {
      const blob = container.getBlockBlobClient(blobName)
      const sas = generateBlobSASQueryParameters(
        {
          containerName: container.containerName,
          blobName,
          permissions: BlobSASPermissions.parse('cw'),
          startsOn: new Date(Date.now() - SAS_START_SKEW_MS),
          expiresOn,
          protocol: httpsOnly ? SASProtocol.Https : SASProtocol.HttpsAndHttp,
        },
        credential,
      ).toString()
      return { uploadUrl: `${blob.url}?${sas}`, blobUrl: blob.url }
    },

    async getProperties(blobName) {
      try {
        const properties = await container.getBlockBlobClient(blobName).getProperties()
        return { size: properties.contentLength ?? 0, contentType: properties.contentType }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async readHead(blobName, length) {
      // download(offset, count) tolerates a blob shorter than `count` (downloadToBuffer does not).
      const response = await container.getBlockBlobClient(blobName).download(0, length)
      const chunks: Buffer[] = []
      let total = 0
      for await (const chunk of response.readableStreamBody as Readable) {
        chunks.push(chunk as Buffer)
        total += (chunk as Buffer).byteLength
        if (total >= length) break
      }
      return new Uint8Array(Buffer.concat(chunks).subarray(0, length))
    },

    async readAll(blobName, maxBytes) {
      let response
      try {
        response = await container.getBlockBlobClient(blobName).download(0)
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
      const stream = response.readableStreamBody as Readable
      const chunks: Buffer[] = []
      let total = 0
      for await (const chunk of stream) {
        total += (chunk as Buffer).byteLength
        if (total > maxBytes) {
          stream.destroy()
          return { tooLarge: true }
        }
        chunks.push(chunk as Buffer)
      }
      return { tooLarge: false, bytes: new Uint8Array(Buffer.concat(chunks)) }
    },

    async upload(blobName, bytes, contentType) {
      await container.getBlockBlobClient(blobName).uploadData(bytes, {
        blobHTTPHeaders: { blobContentType: contentType },
        // Never overwrite: every blob name is new.
        conditions: { ifNoneMatch: '*' },
      })
    },

    async delete(blobName) {
      await container.getBlockBlobClient(blobName).deleteIfExists({ deleteSnapshots: 'include' })
    },

    async download(blobName) {
      const response = await container.getBlockBlobClient(blobName).download(0)
      const body = response.readableStreamBody
      if (!body) throw new Error('blob download returned no body')
      return { body: Readable.toWeb(body as Readable) as ReadableStream<Uint8Array>, size: response.contentLength ?? 0 }
    },

    async ping(timeoutMs = 3_000) {
      await container.getProperties({ abortSignal: AbortSignal.timeout(timeoutMs) })
    },
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404
}

const globalForBlob = globalThis as unknown as { __blobStorage?: BlobStorage }

/** One client per process, built from the configuration on first use. */
export function getBlobStorage(): BlobStorage {
  globalForBlob.__blobStorage ??= createBlobStorage(getConfig())
  return globalForBlob.__blobStorage
}
