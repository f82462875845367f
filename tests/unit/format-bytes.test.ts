import { describe, expect, it } from 'vitest'
import { describeUploadLimit, formatBytes, tooLargeMessage } from '@/lib/contracts/file-types'

describe('formatBytes (upload limits, refusals and the size of an uploaded file)', () => {
  it('reads as people read a size: MB or KB to one decimal, whole numbers without one', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB')
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB')
    expect(formatBytes(512 * 1024)).toBe('512 KB')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(1024)).toBe('1 KB')
    expect(formatBytes(1000)).toBe('1000 bytes')
    expect(formatBytes(0)).toBe('0 bytes')
  })

  it('words the uploader hint and the refusal with it', () => {
    expect(describeUploadLimit(2 * 1024 * 1024)).toBe('PNG, JPEG or PDF, up to 2 MB')
    expect(tooLargeMessage(5 * 1024 * 1024)).toBe('The file is larger than 5 MB')
  })
})
