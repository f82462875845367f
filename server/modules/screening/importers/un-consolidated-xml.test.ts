import { createReadStream, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAll, refusalOf, shippedList, streamOf } from './test-helpers'
import { readUnConsolidatedXml } from './un-consolidated-xml'

const UN_FILE = shippedList('un-consolidated-2026-02-27.xml')

/** A UN-format file holding the given INDIVIDUAL and ENTITY elements. */
function unXml({ individuals = '', entities = '' }: { individuals?: string; entities?: string }) {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<CONSOLIDATED_LIST dateGenerated="2026-01-02T00:00:00.000Z">\n' +
    `<INDIVIDUALS>\n${individuals}</INDIVIDUALS>\n` +
    `<ENTITIES>\n${entities}</ENTITIES>\n` +
    '</CONSOLIDATED_LIST>\n'
  )
}

const readText = (text: string | Uint8Array, chunkSize?: number) => readUnConsolidatedXml({ file: streamOf(text, chunkSize) })

describe('the shipped UN Consolidated List (2026-02-27)', async () => {
  const reading = readUnConsolidatedXml({ file: createReadStream(UN_FILE) })
  const entries = await readAll(reading)
  const bySourceId = new Map(entries.map((entry) => [entry.sourceId, entry]))

  it('gives 730 individuals and 273 entities, each REFERENCE_NUMBER once, and the date it was generated', () => {
    expect(entries.filter((entry) => entry.subjectKind === 'PERSON')).toHaveLength(730)
    expect(entries.filter((entry) => entry.subjectKind === 'ENTITY')).toHaveLength(273)
    expect(bySourceId.size).toBe(entries.length)
    expect(reading.publishedOn()).toBe('2026-02-27')
  })

  it('reads an individual born BETWEEN two years (TAi.002)', () => {
    expect(bySourceId.get('TAi.002')).toEqual({
      sourceId: 'TAi.002',
      subjectKind: 'PERSON',
      names: [
        { name: 'MOHAMMAD HASSAN AKHUND', kind: 'PRIMARY', quality: 'STRONG' },
        { name: 'محمد حسن آخوند', kind: 'ALIAS', quality: 'STRONG' },
      ],
      datesOfBirth: [
        { kind: 'RANGE', fromYear: 1955, toYear: 1958 },
        { kind: 'RANGE', fromYear: 1945, toYear: 1950 },
      ],
      nationalities: ['AF'],
      countries: [],
      programmes: ['Taliban'],
      listedOn: '2001-01-25',
      remarks: expect.stringMatching(
        /^A close associate of Mullah Mohammed Omar \(TAi\.004\)\. Member of Taliban Supreme Council/,
      ),
    })
  })

  it('reads Good aliases as strong and Low ones as weak (QDi.001)', () => {
    expect(bySourceId.get('QDi.001')).toMatchObject({
      subjectKind: 'PERSON',
      names: [
        { name: 'MOHAMMED SALAHALDIN ABD EL HALIM ZIDANE', kind: 'PRIMARY', quality: 'STRONG' },
        { name: 'Sayf-Al Adl', kind: 'ALIAS', quality: 'STRONG' },
        { name: 'Muhamad Ibrahim Makkawi', kind: 'ALIAS', quality: 'STRONG' },
        { name: 'Ibrahim al-Madani', kind: 'ALIAS', quality: 'WEAK' },
        { name: "Saif Al-'Adil", kind: 'ALIAS', quality: 'WEAK' },
        { name: 'Seif al Adel', kind: 'ALIAS', quality: 'WEAK' },
        { name: 'محمد صلاح الدين عبدالحليم زيدان', kind: 'ALIAS', quality: 'STRONG' },
      ],
      datesOfBirth: [
        { kind: 'EXACT', date: '1963-04-11' },
        { kind: 'EXACT', date: '1960-04-11' },
      ],
      nationalities: ['EG'],
      countries: [],
      programmes: ['Al-Qaida'],
      listedOn: '2001-01-25',
    })
  })

  it('reads an entity with its a.k.a.s and its address country (KPe.001)', () => {
    expect(bySourceId.get('KPe.001')).toEqual({
      sourceId: 'KPe.001',
      subjectKind: 'ENTITY',
      names: [
        { name: 'KOREA MINING DEVELOPMENT TRADING CORPORATION', kind: 'PRIMARY', quality: 'STRONG' },
        { name: 'CHANGGWANG SINYONG CORPORATION', kind: 'ALIAS', quality: 'STRONG' },
        { name: 'EXTERNAL TECHNOLOGY GENERAL CORPORATION', kind: 'ALIAS', quality: 'STRONG' },
        { name: 'DPRKN MINING DEVELOPMENT TRADING COOPERATION', kind: 'ALIAS', quality: 'STRONG' },
        { name: '"KOMID"', kind: 'ALIAS', quality: 'STRONG' },
      ],
      datesOfBirth: [],
      nationalities: [],
      countries: ['KP'],
      programmes: ['DPRK'],
      listedOn: '2009-04-24',
      remarks:
        'Primary arms dealer and main exporter of goods and equipment related to ballistic missiles and conventional weapons.',
    })
  })

  it('names what it could not place: one unknown nationality, and the dates written only as notes', () => {
    expect(reading.unknownCountries()).toEqual(['former Soviet Union'])
    expect(reading.skippedDates()).toContain('LYi.022: 30-35 years old')
  })

  it('gives the same entries whatever the chunks (characters split between two)', async () => {
    const bytes = readFileSync(UN_FILE)
    expect(await readAll(readText(bytes, 997))).toEqual(entries)
  })
})

describe('UN dates of birth, aliases and countries', () => {
  it('maps each TYPE_OF_DATE, alias quality and country spelling', async () => {
    const individual = `<INDIVIDUAL>
      <FIRST_NAME>JOHN</FIRST_NAME><SECOND_NAME>  DOE </SECOND_NAME>
      <UN_LIST_TYPE>Test</UN_LIST_TYPE><REFERENCE_NUMBER>TEi.001</REFERENCE_NUMBER><LISTED_ON>2015-04-07-04:00</LISTED_ON>
      <COMMENTS1/>
      <NATIONALITY><VALUE>Iran (Islamic Republic of)</VALUE><VALUE>Türkiye</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Johnny</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>JD</ALIAS_NAME><DATE_OF_BIRTH>1961-02-03</DATE_OF_BIRTH></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ADDRESS><COUNTRY>Syrian Arab Republic</COUNTRY></INDIVIDUAL_ADDRESS>
      <INDIVIDUAL_ADDRESS><COUNTRY>Türkiye</COUNTRY></INDIVIDUAL_ADDRESS>
      <INDIVIDUAL_ADDRESS><COUNTRY>Atlantis</COUNTRY></INDIVIDUAL_ADDRESS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1960-01-12</DATE></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><YEAR>1959</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>1965</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1970</FROM_YEAR><TO_YEAR>1972</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1970-02-31</DATE></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE/></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>`
    const entity = `<ENTITY><FIRST_NAME>ACME &amp; SONS</FIRST_NAME><REFERENCE_NUMBER>TEe.001</REFERENCE_NUMBER>
      <ENTITY_ALIAS><QUALITY>f.k.a.</QUALITY><ALIAS_NAME>ACME LTD</ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME><![CDATA[ACME <GROUP>]]></ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ADDRESS><COUNTRY>Côte d'Ivoire</COUNTRY></ENTITY_ADDRESS></ENTITY>`
    const reading = readText(unXml({ individuals: individual, entities: entity }))
    expect(await readAll(reading)).toEqual([
      {
        sourceId: 'TEi.001',
        subjectKind: 'PERSON',
        names: [
          { name: 'JOHN DOE', kind: 'PRIMARY', quality: 'STRONG' },
          { name: 'Johnny', kind: 'ALIAS', quality: 'STRONG' },
          { name: 'JD', kind: 'ALIAS', quality: 'WEAK' },
        ],
        datesOfBirth: [
          { kind: 'EXACT', date: '1961-02-03' },
          { kind: 'EXACT', date: '1960-01-12' },
          { kind: 'YEAR', year: 1959 },
          { kind: 'RANGE', fromYear: 1964, toYear: 1966 },
          { kind: 'RANGE', fromYear: 1970, toYear: 1972 },
        ],
        nationalities: ['IR', 'TR'],
        countries: ['SY'],
        programmes: ['Test'],
        listedOn: '2015-04-07',
        remarks: null,
      },
      {
        sourceId: 'TEe.001',
        subjectKind: 'ENTITY',
        names: [
          { name: 'ACME & SONS', kind: 'PRIMARY', quality: 'STRONG' },
          { name: 'ACME LTD', kind: 'FORMER', quality: 'STRONG' },
          { name: 'ACME <GROUP>', kind: 'ALIAS', quality: 'STRONG' },
        ],
        datesOfBirth: [],
        nationalities: [],
        countries: ['CI'],
        programmes: [],
        listedOn: null,
        remarks: null,
      },
    ])
    expect(reading.publishedOn()).toBe('2026-01-02')
    expect(reading.unknownCountries()).toEqual(['Atlantis'])
    expect(reading.skippedDates()).toEqual(['TEi.001: 1970-02-31'])
  })
})

describe('a malformed UN file is refused, naming where and what', () => {
  const individual = (ref: string, name = 'JOHN') =>
    `<INDIVIDUAL><FIRST_NAME>${name}</FIRST_NAME>${ref ? `<REFERENCE_NUMBER>${ref}</REFERENCE_NUMBER>` : ''}</INDIVIDUAL>\n`

  it('a truncated file: the element it ends inside', async () => {
    const whole = readFileSync(UN_FILE)
    const error = await refusalOf(readText(whole.subarray(0, 300_000)))
    expect(error.where).toMatch(/^end of file \(line \d+\)$/)
    expect(error.problem).toMatch(/^the file ends inside <[A-Z_0-9]+>: it is truncated/)
  })

  it('an INDIVIDUAL without REFERENCE_NUMBER: which INDIVIDUAL, at which line', async () => {
    const error = await refusalOf(readText(unXml({ individuals: individual('TEi.001') + individual('') })))
    expect(error.where).toBe('INDIVIDUAL 2 (line 5)')
    expect(error.problem).toBe('REFERENCE_NUMBER is missing or empty')
  })

  it('an entity without a name, and a REFERENCE_NUMBER given twice', async () => {
    const nameless = await refusalOf(
      readText(unXml({ entities: '<ENTITY><REFERENCE_NUMBER>TEe.009</REFERENCE_NUMBER></ENTITY>' })),
    )
    expect(nameless.where).toBe('ENTITY 1 (REFERENCE_NUMBER TEe.009)')
    expect(nameless.problem).toMatch(/^FIRST_NAME is missing/)
    const twice = await refusalOf(readText(unXml({ individuals: individual('TEi.001') + individual('TEi.001', 'JANE') })))
    expect(twice.where).toBe('INDIVIDUAL 2 (REFERENCE_NUMBER TEi.001)')
    expect(twice.problem).toBe('REFERENCE_NUMBER TEi.001 appears twice in the file')
  })

  it('XML that is not well formed: line and column', async () => {
    const error = await refusalOf(readText(unXml({ individuals: '<INDIVIDUAL><FIRST_NAME>A</SECOND_NAME></INDIVIDUAL>\n' })))
    expect(error.where).toMatch(/^line 4, column \d+$/)
    expect(error.problem).toMatch(/^the XML is malformed: /)
  })

  it('another root element, an empty file, a root without INDIVIDUALS or ENTITIES', async () => {
    const wrongRoot = await refusalOf(readText('<?xml version="1.0"?>\n<sdnList><sdnEntry/></sdnList>'))
    expect(wrongRoot.where).toBe('line 2')
    expect(wrongRoot.problem).toMatch(/^the root element is <sdnList>, not <CONSOLIDATED_LIST>/)
    const empty = await refusalOf(readText(''))
    expect(empty.where).toBe('end of file')
    expect(empty.problem).toMatch(/^the file is empty/)
    const bare = await refusalOf(readText('<CONSOLIDATED_LIST dateGenerated="2026-01-02"/>'))
    expect(bare.problem).toMatch(/no INDIVIDUALS or ENTITIES element/)
  })

  it('bytes that are not UTF-8 (a Latin-1 é on line 4)', async () => {
    const latin1 = Buffer.from(unXml({ individuals: individual('TEi.001', 'JOS\u00c9') }), 'latin1')
    const error = await refusalOf(readText(latin1))
    expect(error.where).toBe('line 4')
    expect(error.problem).toMatch(/not UTF-8/)
  })
})
