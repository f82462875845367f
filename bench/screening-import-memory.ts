/**
 * Memory of the screening list importers on big files: a UN-format XML and an OFAC sdn.csv (with alt.csv and add.csv
 * in step) of about --megabytes each (default 100), synthesised on the fly by generator streams (nothing on disk),
 * each read through readListFile. Prints peak RSS and heap used (sampled every 100 ms) above the baseline taken just
 * before, and entries per second. The claim: peak heap stays flat, well under 100 MB above the baseline. With
 * --expose-gc it also collects every second and reports the peak live heap (heap used just after a collection).
 *
 *   node --expose-gc --import tsx bench/screening-import-memory.ts [--megabytes=100]
 *   npm run bench -- screening-import            (BENCH_IMPORT_MB for the size)
 */
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { readListFile, type ListFiles } from '@/server/modules/screening/importers'

const MB = 1024 * 1024

export interface ImportMemoryRun {
  format: 'UN_XML' | 'OFAC_CSV'
  /** Bytes of the main file (sdn.csv for OFAC; its alt.csv and add.csv come on top). */
  fileBytes: number
  /** All the bytes read (the three OFAC files together). */
  bytesRead: number
  entries: number
  seconds: number
  entriesPerSecond: number
  baselineRssMb: number
  peakRssMb: number
  baselineHeapMb: number
  peakHeapMb: number
  /** Heap used just after a full collection, sampled every second: the live data, without garbage not yet collected. */
  peakLiveHeapMb: number | null
  samples: number
}

export interface ImportMemoryReport {
  megabytes: number
  runs: ImportMemoryRun[]
}

/** Counts the bytes a generator yields, as a Readable of ~64 kB Buffers. */
function byteStream(parts: () => Generator<string>, counter: { bytes: number }): Readable {
  return Readable.from(
    (function* () {
      let pending: string[] = []
      let size = 0
      for (const part of parts()) {
        pending.push(part)
        size += part.length
        if (size >= 64 * 1024) {
          const chunk = Buffer.from(pending.join(''), 'utf8')
          counter.bytes += chunk.length
          yield chunk
          pending = []
          size = 0
        }
      }
      const chunk = Buffer.from(pending.join(''), 'utf8')
      counter.bytes += chunk.length
      yield chunk
    })(),
  )
}

const GIVEN_NAMES = ['MOHAMMED', 'ABDUL', 'IBRAHIM', 'YUSUF', 'HASSAN', 'KIM', 'IVAN', 'MARIA', 'AHMAD', 'OMAR']
const FAMILY_NAMES = ['AL-TIKRITI', 'HAQQANI', 'BADEGE', 'RI', 'PETROV', 'GARCIA', 'ZIDANE', 'SHEKAU', 'MUSA', 'NABI']
const COUNTRIES = ['Afghanistan', 'Iraq', "Democratic People's Republic of Korea", 'Syrian Arab Republic', 'Nigeria', 'Somalia']
const pick = <T>(items: T[], index: number) => items[index % items.length]!

/** A UN Consolidated List of about `targetBytes`: three individuals to one entity, each with aliases, dates, addresses. */
function* unConsolidatedXml(targetBytes: number): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:09.554Z">\n'
  const perRecord = 1350
  const records = Math.ceil(targetBytes / perRecord)
  const individuals = Math.floor(records * 0.75)
  yield '  <INDIVIDUALS>\n'
  for (let i = 0; i < individuals; i++) {
    yield `    <INDIVIDUAL>
      <DATAID>${1_000_000 + i}</DATAID><VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>${pick(GIVEN_NAMES, i)}</FIRST_NAME><SECOND_NAME>${pick(GIVEN_NAMES, i * 7 + 3)}</SECOND_NAME>
      <THIRD_NAME>${pick(FAMILY_NAMES, i * 3)}</THIRD_NAME><FOURTH_NAME>N${i}</FOURTH_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>BQi.${i}</REFERENCE_NUMBER><LISTED_ON>2001-01-25</LISTED_ON>
      <NAME_ORIGINAL_SCRIPT>محمد صلاح الدين ${i}</NAME_ORIGINAL_SCRIPT>
      <COMMENTS1>Review pursuant to Security Council resolution 2253 (2015) was concluded on 21 February 2019. Record ${i}.</COMMENTS1>
      <NATIONALITY><VALUE>${pick(COUNTRIES, i)}</VALUE></NATIONALITY>
      <LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE><LAST_DAY_UPDATED><VALUE>2019-03-29</VALUE></LAST_DAY_UPDATED>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Sayf-Al Adl ${i}</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Abu ${pick(FAMILY_NAMES, i)} ${i}</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ADDRESS><CITY>Kandahar</CITY><COUNTRY>${pick(COUNTRIES, i + 1)}</COUNTRY></INDIVIDUAL_ADDRESS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>19${50 + (i % 40)}-04-11</DATE></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1955</FROM_YEAR><TO_YEAR>1958</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_PLACE_OF_BIRTH><CITY>Naw Deh</CITY><COUNTRY>Afghanistan</COUNTRY></INDIVIDUAL_PLACE_OF_BIRTH>
      <INDIVIDUAL_DOCUMENT/><SORT_KEY/><SORT_KEY_LAST_MOD/>
    </INDIVIDUAL>\n`
  }
  yield '  </INDIVIDUALS>\n  <ENTITIES>\n'
  for (let i = 0; i < records - individuals; i++) {
    yield `    <ENTITY>
      <DATAID>${5_000_000 + i}</DATAID><VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>KOREA MINING DEVELOPMENT TRADING CORPORATION ${i}</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE><REFERENCE_NUMBER>BKe.${i}</REFERENCE_NUMBER><LISTED_ON>2009-04-24</LISTED_ON>
      <COMMENTS1>Primary arms dealer and main exporter of goods and equipment related to ballistic missiles. Record ${i}.</COMMENTS1>
      <LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>CHANGGWANG SINYONG CORPORATION ${i}</ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ALIAS><QUALITY>f.k.a.</QUALITY><ALIAS_NAME>EXTERNAL TECHNOLOGY GENERAL CORPORATION ${i}</ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ADDRESS><STREET>Central District</STREET><CITY>Pyongyang</CITY><COUNTRY>${pick(COUNTRIES, i)}</COUNTRY></ENTITY_ADDRESS>
      <SORT_KEY/><SORT_KEY_LAST_MOD/>
    </ENTITY>\n`
  }
  yield '  </ENTITIES>\n</CONSOLIDATED_LIST>\n'
}

const OFAC_COUNTRIES = ['Iran', 'Korea, North', 'Syria', 'Mexico', 'Colombia', 'Russia', 'Burma']
const SDN_LINE_BYTES = 250

/** sdn.csv of about `targetBytes`, and its alt.csv and add.csv for the same ent_nums, in ent_num order as OFAC's. */
function ofacTrio(targetBytes: number) {
  const lines = Math.ceil(targetBytes / SDN_LINE_BYTES)
  const entNum = (i: number) => 10_000 + i * 3
  return {
    *sdn(): Generator<string> {
      for (let i = 0; i < lines; i++) {
        const country = pick(OFAC_COUNTRIES, i)
        yield i % 2 === 0
          ? `${entNum(i)},"${pick(FAMILY_NAMES, i)}, ${pick(GIVEN_NAMES, i * 7)} ${i}","individual","SDGT] [IRGC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 12 Jan 19${50 + (i % 40)}; alt. DOB circa 1961; POB Tikrit, Iraq; nationality ${country}; Gender Male; Passport A${i} (Iraq); a.k.a. 'ABU ${i}'."\r\n`
          : `${entNum(i)},"GENERAL TRADING COMPANY ${i} LLC",-0- ,"IRAN] [NPWMD",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Website www.company${i}.example; Registration Number ${i} (${country}); Linked To: SOMEONE ELSE ${i}."\r\n`
      }
      yield '\x1A'
    },
    *alt(): Generator<string> {
      for (let i = 0; i < lines; i++) {
        if (i % 3 === 2) continue
        yield `${entNum(i)},${i * 2},"aka","${pick(FAMILY_NAMES, i + 1)}, ${pick(GIVEN_NAMES, i)} ALIAS ${i}",-0- \r\n`
        yield `${entNum(i)},${i * 2 + 1},"fka","OLD NAME ${i}",-0- \r\n`
      }
    },
    *add(): Generator<string> {
      for (let i = 0; i < lines; i++) {
        yield `${entNum(i)},${i},"Street ${i}","City ${i % 100}","${pick(OFAC_COUNTRIES, i + 2)}",-0- \r\n`
      }
    },
  }
}

/** Reads one list while sampling memory every 100 ms (by timer, and between entries in case timers are starved). */
async function measure(format: ImportMemoryRun['format'], megabytes: number): Promise<ImportMemoryRun> {
  const target = megabytes * MB
  const counters = { main: { bytes: 0 }, alt: { bytes: 0 }, add: { bytes: 0 } }
  let files: ListFiles
  if (format === 'UN_XML') {
    files = { format, files: { list: byteStream(() => unConsolidatedXml(target), counters.main) } }
  } else {
    const trio = ofacTrio(target)
    files = {
      format,
      files: {
        sdn: byteStream(trio.sdn, counters.main),
        alt: byteStream(trio.alt, counters.alt),
        add: byteStream(trio.add, counters.add),
      },
    }
  }
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const baseline = process.memoryUsage()
  let peakRss = baseline.rss
  let peakHeap = baseline.heapUsed
  let peakLiveHeap = gc ? baseline.heapUsed : null
  let samples = 0
  let lastSample = performance.now()
  let lastCollection = lastSample
  const sample = () => {
    const usage = process.memoryUsage()
    peakRss = Math.max(peakRss, usage.rss)
    peakHeap = Math.max(peakHeap, usage.heapUsed)
    samples++
    lastSample = performance.now()
    if (gc && peakLiveHeap !== null && lastSample - lastCollection >= 1000) {
      gc()
      peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed)
      lastCollection = performance.now()
    }
  }
  const timer = setInterval(sample, 100)
  const started = performance.now()
  let entries = 0
  try {
    for await (const entry of readListFile(files).entries) {
      if (entry.names.length) entries++
      if (performance.now() - lastSample >= 100) sample()
    }
  } finally {
    clearInterval(timer)
  }
  sample()
  const seconds = (performance.now() - started) / 1000
  return {
    format,
    fileBytes: counters.main.bytes,
    bytesRead: counters.main.bytes + counters.alt.bytes + counters.add.bytes,
    entries,
    seconds,
    entriesPerSecond: entries / seconds,
    baselineRssMb: baseline.rss / MB,
    peakRssMb: peakRss / MB,
    baselineHeapMb: baseline.heapUsed / MB,
    peakHeapMb: peakHeap / MB,
    peakLiveHeapMb: peakLiveHeap === null ? null : peakLiveHeap / MB,
    samples,
  }
}

export async function runScreeningImportBench({ megabytes }: { megabytes: number }): Promise<ImportMemoryReport> {
  const runs: ImportMemoryRun[] = []
  for (const format of ['UN_XML', 'OFAC_CSV'] as const) runs.push(await measure(format, megabytes))
  return { megabytes, runs }
}

export function formatScreeningImportReport(report: ImportMemoryReport): string {
  const rows = report.runs.map((run) =>
    [
      run.format.padEnd(9),
      `${(run.fileBytes / MB).toFixed(1)} MB`.padStart(9),
      `${(run.bytesRead / MB).toFixed(1)} MB`.padStart(9),
      String(run.entries).padStart(8),
      `${run.seconds.toFixed(1)} s`.padStart(8),
      String(Math.round(run.entriesPerSecond)).padStart(9),
      `${run.peakHeapMb.toFixed(0)} MB (+${(run.peakHeapMb - run.baselineHeapMb).toFixed(0)})`.padStart(16),
      (run.peakLiveHeapMb === null
        ? 'n/a (no --expose-gc)'
        : `${run.peakLiveHeapMb.toFixed(0)} MB (+${(run.peakLiveHeapMb - run.baselineHeapMb).toFixed(0)})`
      ).padStart(16),
      `${run.peakRssMb.toFixed(0)} MB (+${(run.peakRssMb - run.baselineRssMb).toFixed(0)})`.padStart(16),
      String(run.samples).padStart(7),
    ].join('  '),
  )
  return [
    `Screening list import, synthesised files of ~${report.megabytes} MB (memory sampled every 100 ms, above the baseline before each run)`,
    'format        file  all read   entries     time  entries/s  peak heap used  peak live heap        peak RSS  samples',
    ...rows,
  ].join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.find((arg) => arg.startsWith('--megabytes='))
  const megabytes = Number(flag?.slice('--megabytes='.length) ?? 100)
  if (!Number.isFinite(megabytes) || megabytes <= 0) throw new Error(`--megabytes must be a positive number, got ${flag}`)
  console.log(formatScreeningImportReport(await runScreeningImportBench({ megabytes })))
}
