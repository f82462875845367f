import { Readable } from 'node:stream'
import { pipeline } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
import { decodeUtf8 } from './decode-utf8'
import { ListFileError } from './list-file-error'
import type { ListFileStream } from './list-file-reading'

/** One CSV record with the line it ends on (1-based), for error messages. */
export interface CsvRecord {
  fields: string[]
  line: number
}

/** The byte MS-DOS tools ended text files with; OFAC's files still end with it. */
const DOS_END_OF_FILE = String.fromCharCode(0x1a)

const CSV_PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed: the file is truncated or a quote is missing',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted field has characters after its closing quote (a quote inside a field is written "")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted field has characters after its closing quote',
}

/**
 * A CSV file's records as they are read (csv-parse, back-pressured), with their line numbers. Empty lines and the DOS
 * end-of-file byte (\x1A) that OFAC's files end with are skipped; column counts are left to the caller, which knows
 * how many it expects and can name them.
 */
export async function* readCsvRecords(source: ListFileStream, whereAtLine: (line: number) => string): AsyncGenerator<CsvRecord> {
  const parser = parse({ info: true, relax_column_count: true, skip_empty_lines: true })
  // Ends the parser with the decoder's error (non-UTF-8 bytes), which the loop below then throws.
  pipeline(Readable.from(decodeUtf8(source, whereAtLine)), parser, () => {})
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.length === 1 && (record[0] ?? '').replace(DOS_END_OF_FILE, '').trim() === '') continue
      yield { fields: record, line: info.lines }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : 0
      throw new ListFileError(whereAtLine(line), CSV_PROBLEMS[error.code] ?? `the CSV is malformed: ${error.message}`)
    }
    throw error
  } finally {
    parser.destroy()
  }
}
