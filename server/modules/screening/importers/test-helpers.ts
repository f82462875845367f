import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import type { ListedEntry } from '../list-entry'
import { ListFileError } from './list-file-error'
import type { ListFileReading } from './list-file-reading'

/**
 * The official list snapshots (see their README.md). They sit beside the checkout, in the shared data folder, not in
 * the repository.
 */
export const SHIPPED_LISTS_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../data/screening')
export const shippedList = (name: string) => join(SHIPPED_LISTS_DIR, name)

/** A file's bytes as a stream, cut into chunks of `chunkSize` bytes (a character may be split between two). */
export function streamOf(content: string | Uint8Array, chunkSize = 64 * 1024): Readable {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content)
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize))
  return Readable.from(chunks)
}

export async function readAll(reading: ListFileReading): Promise<ListedEntry[]> {
  const entries: ListedEntry[] = []
  for await (const entry of reading.entries) entries.push(entry)
  return entries
}

/** The ListFileError reading the file ends with (the test fails if it reads to the end or throws anything else). */
export async function refusalOf(reading: ListFileReading): Promise<ListFileError> {
  try {
    await readAll(reading)
  } catch (error) {
    expect(error).toBeInstanceOf(ListFileError)
    return error as ListFileError
  }
  throw new Error('the file was read without a ListFileError')
}
