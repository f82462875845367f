import { createReadStream, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { naturalNameOrder, ofacDateOfBirth, readOfacLegacyCsv } from './ofac-legacy-csv'
import { readAll, refusalOf, shippedList, streamOf } from './test-helpers'

const SDN_FILE = shippedList('ofac-sdn-2021-07.csv')
const ALT_FILE = shippedList('ofac-alt-2021-07.csv')
const ADD_FILE = shippedList('ofac-add-2021-07.csv')

const EMPTY_SDN_FIELDS = ',-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- '
/** An sdn.csv line: ent_num, name, type, program, then -0- up to the remarks. */
const sdnLine = (entNum: number, name: string, type: string, program = 'SDGT', remarks = '-0-') =>
  `${entNum},"${name}",${type === '' ? '-0- ' : `"${type}"`},"${program}"${EMPTY_SDN_FIELDS},${remarks === '-0-' ? '-0- ' : `"${remarks}"`}\r\n`

describe('the shipped OFAC SDN legacy CSV trio (July 2021)', async () => {
  const reading = readOfacLegacyCsv({
    sdn: createReadStream(SDN_FILE),
    alt: createReadStream(ALT_FILE),
    add: createReadStream(ADD_FILE),
  })
  const entries = await readAll(reading)
  const bySourceId = new Map(entries.map((entry) => [entry.sourceId, entry]))

  it('gives one entry per ent_num of sdn.csv', () => {
    const entNums = new Set(
      readFileSync(SDN_FILE, 'utf8')
        .split('\n')
        .map((line) => /^(\d+),/.exec(line)?.[1])
        .filter(Boolean),
    )
    expect(entNums.size).toBe(8976)
    expect(entries).toHaveLength(entNums.size)
    expect(bySourceId.size).toBe(entries.length)
    expect(reading.publishedOn()).toBeNull()
  })

  it('reads an individual: natural name order, DOBs and nationality from the remarks (7854)', () => {
    expect(bySourceId.get('7854')).toEqual({
      sourceId: '7854',
      subjectKind: 'PERSON',
      names: [{ name: "Muzahim Sa'b Hassan AL-TIKRITI", kind: 'PRIMARY', quality: 'STRONG' }],
      datesOfBirth: [
        { kind: 'RANGE', fromYear: 1945, toYear: 1947 },
        { kind: 'YEAR', year: 1949 },
      ],
      nationalities: ['IQ'],
      countries: [],
      programmes: ['IRAQ2'],
      listedOn: null,
      remarks:
        "DOB circa 1946; alt. DOB 1949; POB al-Awja, near Tikrit, Iraq; nationality Iraq; led Iraq's Air Defense Forces; Deputy Director, Organization of Military Industrialization.",
    })
  })

  it('reads an entity with its alt.csv alias, its weak a.k.a. from the remarks and add.csv countries (306)', () => {
    expect(bySourceId.get('306')).toEqual({
      sourceId: '306',
      subjectKind: 'ENTITY',
      names: [
        { name: 'BANCO NACIONAL DE CUBA', kind: 'PRIMARY', quality: 'STRONG' },
        { name: 'NATIONAL BANK OF CUBA', kind: 'ALIAS', quality: 'STRONG' },
        { name: 'BNC', kind: 'ALIAS', quality: 'WEAK' },
      ],
      datesOfBirth: [],
      nationalities: [],
      countries: ['CH', 'ES', 'JP', 'PA'],
      programmes: ['CUBA'],
      listedOn: null,
      remarks: "a.k.a. 'BNC'.",
    })
  })

  it('reads a vessel as an entity, its flag as a country, its f.k.a. as a former name (4243)', () => {
    expect(bySourceId.get('4243')).toMatchObject({
      subjectKind: 'ENTITY',
      names: [
        { name: 'SAND SWAN', kind: 'PRIMARY', quality: 'STRONG' },
        { name: 'ANA I', kind: 'FORMER', quality: 'WEAK' },
      ],
      countries: ['CY'],
      programmes: ['CUBA'],
    })
  })

  it('puts alt.csv names of individuals in natural order and splits programmes', () => {
    expect(bySourceId.get('2676')?.names.slice(0, 2)).toEqual([
      { name: 'Dr. Ayman AL ZAWAHIRI', kind: 'PRIMARY', quality: 'STRONG' },
      { name: 'Ayman AL-ZAWAHIRI', kind: 'ALIAS', quality: 'STRONG' },
    ])
    expect(bySourceId.get('2686')?.programmes).toEqual(['SDGT', 'SYRIA'])
    const kinds = new Set(entries.map((entry) => entry.subjectKind))
    expect(kinds).toEqual(new Set(['PERSON', 'ENTITY']))
  })

  it('names the country words it could not place', () => {
    expect(reading.unknownCountries().sort()).toEqual(['Netherlands Antilles', 'Region: Kafia Kingi'])
    expect(reading.skippedDates()).toEqual([])
  })
})

describe('OFAC remarks and names', () => {
  it('reads the forms of DOB OFAC writes, and skips what is not a day', () => {
    expect(ofacDateOfBirth('12 Jan 1960')).toEqual({ kind: 'EXACT', date: '1960-01-12' })
    expect(ofacDateOfBirth('1960.')).toEqual({ kind: 'YEAR', year: 1960 })
    expect(ofacDateOfBirth('Jan 1960')).toEqual({ kind: 'YEAR', year: 1960 })
    expect(ofacDateOfBirth('circa 1960')).toEqual({ kind: 'RANGE', fromYear: 1959, toYear: 1961 })
    expect(ofacDateOfBirth('circa 1958-1961')).toEqual({ kind: 'RANGE', fromYear: 1957, toYear: 1962 })
    expect(ofacDateOfBirth('1958 to 1961')).toEqual({ kind: 'RANGE', fromYear: 1958, toYear: 1961 })
    expect(ofacDateOfBirth('01 Jan 1960 to 31 Dec 1962')).toEqual({ kind: 'RANGE', fromYear: 1960, toYear: 1962 })
    expect(ofacDateOfBirth('01 Jan 1960 to 31 Dec 1960')).toEqual({ kind: 'YEAR', year: 1960 })
    expect(ofacDateOfBirth('31 Feb 1970')).toBeNull()
    expect(ofacDateOfBirth('sometime')).toBeNull()
  })

  it('turns "LAST, First" into natural order, suffixes last', () => {
    expect(naturalNameOrder('SAHINPASIC, Senad')).toBe('Senad SAHINPASIC')
    expect(naturalNameOrder('DELOS REYES, Feliciano Semborio, Jr.')).toBe('Feliciano Semborio DELOS REYES Jr.')
    expect(naturalNameOrder('KNOWLES, JR., Samuel')).toBe('Samuel KNOWLES JR.')
    expect(naturalNameOrder('ABU ZUBAYDAH')).toBe('ABU ZUBAYDAH')
  })

  it('reads several DOBs, citizenship, a weak alt.csv alias, a blank type as an entity; notes a skipped date', async () => {
    const sdn =
      sdnLine(
        10,
        'DOE, John',
        'individual',
        'SDGT] [IFSR',
        'DOB 12 Jan 1960; alt. DOB 31 Feb 1970; citizen Korea, North; Gender Male.',
      ) +
      sdnLine(11, 'ACME, LTD.', '') +
      '\x1A'
    const alt = '10,1,"aka","DOE, Johnny",-0- \r\n10,2,"aka","JD","weak aka"\r\n11,3,"fka","ACME OLD",-0- \r\n'
    const add = '11,1,-0- ,"Pyongyang","Korea, North",-0- \r\n11,2,-0- ,-0- ,"Türkiye",-0- \r\n'
    const reading = readOfacLegacyCsv({ sdn: streamOf(sdn), alt: streamOf(alt), add: streamOf(add) })
    expect(await readAll(reading)).toEqual([
      {
        sourceId: '10',
        subjectKind: 'PERSON',
        names: [
          { name: 'John DOE', kind: 'PRIMARY', quality: 'STRONG' },
          { name: 'Johnny DOE', kind: 'ALIAS', quality: 'STRONG' },
          { name: 'JD', kind: 'ALIAS', quality: 'WEAK' },
        ],
        datesOfBirth: [{ kind: 'EXACT', date: '1960-01-12' }],
        nationalities: ['KP'],
        countries: [],
        programmes: ['SDGT', 'IFSR'],
        listedOn: null,
        remarks: 'DOB 12 Jan 1960; alt. DOB 31 Feb 1970; citizen Korea, North; Gender Male.',
      },
      {
        sourceId: '11',
        subjectKind: 'ENTITY',
        names: [
          { name: 'ACME, LTD.', kind: 'PRIMARY', quality: 'STRONG' },
          { name: 'ACME OLD', kind: 'FORMER', quality: 'STRONG' },
        ],
        datesOfBirth: [],
        nationalities: [],
        countries: ['KP', 'TR'],
        programmes: ['SDGT'],
        listedOn: null,
        remarks: null,
      },
    ])
    expect(reading.skippedDates()).toEqual(['10: DOB 31 Feb 1970'])
  })
})

describe('a malformed OFAC trio is refused, naming the file and the line', () => {
  const sdn = sdnLine(10, 'DOE, John', 'individual') + sdnLine(20, 'ROE, Jane', 'individual') + sdnLine(30, 'ACME', '')

  it('an sdn.csv line with 5 columns', async () => {
    const error = await refusalOf(
      readOfacLegacyCsv({
        sdn: streamOf(`${sdnLine(10, 'DOE, John', 'individual')}20,"ROE, Jane","individual","SDGT",-0- \r\n`),
      }),
    )
    expect(error.where).toBe('line 2 of sdn.csv')
    expect(error.problem).toMatch(/^5 columns where sdn\.csv has 12 \(ent_num, SDN_Name, /)
  })

  it('an alt.csv out of order', async () => {
    const alt = '20,1,"aka","ROE, Janet",-0- \r\n10,2,"aka","DOE, Johnny",-0- \r\n'
    const error = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(sdn), alt: streamOf(alt) }))
    expect(error.where).toBe('line 2 of alt.csv')
    expect(error.problem).toBe('ent_num 10 comes after 20: alt.csv must be ordered by ent_num (as OFAC publishes it)')
  })

  it('an sdn.csv out of order or with an ent_num twice', async () => {
    const error = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(sdn + sdnLine(30, 'ACME AGAIN', '')) }))
    expect(error.where).toBe('line 4 of sdn.csv')
    expect(error.problem).toMatch(/^ent_num 30 comes after 30: sdn\.csv must be ordered by ent_num \(each once/)
  })

  it('an add.csv row whose ent_num has no sdn.csv line, in the middle or after the end', async () => {
    const middle = await refusalOf(
      readOfacLegacyCsv({ sdn: streamOf(sdn), add: streamOf('10,1,-0- ,-0- ,"Iran",-0- \r\n15,2,-0- ,-0- ,"Iran",-0- \r\n') }),
    )
    expect(middle.where).toBe('line 2 of add.csv')
    expect(middle.problem).toMatch(/^ent_num 15 has no line in sdn\.csv/)
    const after = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(sdn), add: streamOf('99,1,-0- ,-0- ,"Iran",-0- \r\n') }))
    expect(after.where).toBe('line 1 of add.csv')
  })

  it('an ent_num that is not a number, an empty name, an unclosed quote, bytes that are not UTF-8', async () => {
    const notNumber = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(sdnLine(10, 'A', '').replace('10,', 'X10,')) }))
    expect(notNumber).toMatchObject({ where: 'line 1 of sdn.csv', problem: 'ent_num "X10" is not a number' })
    const noName = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(sdnLine(10, '', '')) }))
    expect(noName).toMatchObject({ where: 'line 1 of sdn.csv', problem: 'SDN_Name is empty' })
    const unclosed = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(`${sdn}40,"ACME`) }))
    expect(unclosed.where).toBe('line 4 of sdn.csv')
    expect(unclosed.problem).toMatch(/quoted field is never closed/)
    const latin1 = Buffer.from(sdn + sdnLine(40, 'JOS\u00c9', 'individual'), 'latin1')
    const notUtf8 = await refusalOf(readOfacLegacyCsv({ sdn: streamOf(latin1) }))
    expect(notUtf8.where).toBe('line 4 of sdn.csv')
  })
})
