import { ListFileError } from './list-file-error'
import type { ListFileStream } from './list-file-reading'

const NOT_UTF8 = 'the file is not UTF-8 text (a byte here is not UTF-8): save the list as UTF-8 and load it again'

function countNewlines(text: string, end = text.length): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++
  return count
}

/**
 * A list file's text, chunk by chunk. Bytes that are not UTF-8 are refused with their line: the lists are published in
 * UTF-8, and a file re-saved in another encoding would otherwise load names full of replacement signs. A byte-order
 * mark is dropped.
 */
export async function* decodeUtf8(source: ListFileStream, whereAtLine: (line: number) => string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let line = 1
  for await (const chunk of source) {
    let text: string
    if (typeof chunk === 'string') text = chunk
    else {
      try {
        text = decoder.decode(chunk, { stream: true })
      } catch {
        // Only to find the line: decoded again leniently, the first bad byte is the first replacement sign (a chunk may
        // begin with the tail of the previous one's last character, which is skipped).
        let start = 0
        while (start < 3 && ((chunk[start] ?? 0) & 0xc0) === 0x80) start++
        const lenient = new TextDecoder('utf-8').decode(chunk.subarray(start))
        const bad = lenient.indexOf('\uFFFD')
        throw new ListFileError(whereAtLine(line + countNewlines(lenient, bad === -1 ? 0 : bad)), NOT_UTF8)
      }
    }
    line += countNewlines(text)
    if (text) yield text
  }
  try {
    decoder.decode()
  } catch {
    throw new ListFileError(whereAtLine(line), 'the file ends in the middle of a UTF-8 character: it is truncated or not UTF-8')
  }
}
