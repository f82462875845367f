import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readGenericList } from './generic-list'
import { readListFile } from './index'
import { readAll, refusalOf, streamOf } from './test-helpers'

const csv = (text: string) => readGenericList({ file: streamOf(text), encoding: 'CSV' })
const jsonLines = (...lines: string[]) => readGenericList({ file: streamOf(lines.join('\n')), encoding: 'JSONL' })

const EXPECTED_PERSON = {
  sourceId: 'NSL-001',
  subjectKind: 'PERSON',
  names: [
    { name: 'Ibrahim Musa', kind: 'PRIMARY', quality: 'STRONG' },
    { name: 'Ibrahim Moussa', kind: 'ALIAS', quality: 'STRONG' },
    { name: 'Abu Musa', kind: 'ALIAS', quality: 'WEAK' },
  ],
  datesOfBirth: [
    { kind: 'EXACT', date: '1975-03-14' },
    { kind: 'YEAR', year: 1976 },
    { kind: 'RANGE', fromYear: 1970, toYear: 1972 },
  ],
  nationalities: ['NG'],
  countries: ['NE', 'CI'],
  programmes: ['NSC'],
  listedOn: '2024-05-01',
  remarks: 'Designated by the Nigeria Sanctions Committee.',
}

const EXPECTED_ENTITY = {
  sourceId: 'NSL-002',
  subjectKind: 'ENTITY',
  names: [{ name: 'Sahel Logistics Ltd', kind: 'PRIMARY', quality: 'STRONG' }],
  datesOfBirth: [],
  nationalities: [],
  countries: [],
  programmes: [],
  listedOn: null,
  remarks: null,
}

describe('the generic list format', () => {
  it('reads CSV with a header row, columns in any order, several values separated by |', async () => {
    const reading = csv(
      '\uFEFFsource_id,kind,name,aliases,weak_aliases,dates_of_birth,nationalities,countries,programmes,listed_on,remarks\r\n' +
        "NSL-001,PERSON,Ibrahim Musa,Ibrahim Moussa,Abu Musa,1975-03-14|1976|1970..1972,Nigeria,NE|Côte d'Ivoire|NG,NSC,2024-05-01,Designated by the Nigeria Sanctions Committee.\r\n" +
        '\r\n' +
        'NSL-002,entity,Sahel Logistics Ltd,,,,,Atlantis,,,\r\n',
    )
    expect(await readAll(reading)).toEqual([EXPECTED_PERSON, EXPECTED_ENTITY])
    expect(reading.unknownCountries()).toEqual(['Atlantis'])
    expect(reading.publishedOn()).toBeNull()
  })

  it('reads JSON lines with the same fields (aliases as strings or {name, quality}), through readListFile', async () => {
    const lines = [
      JSON.stringify({
        source_id: 'NSL-001',
        kind: 'PERSON',
        name: 'Ibrahim Musa',
        aliases: ['Ibrahim Moussa', { name: 'Abu Musa', quality: 'WEAK' }],
        dates_of_birth: ['1975-03-14', '1976', '1970..1972'],
        nationalities: ['NG'],
        countries: ['Niger', 'CI'],
        programmes: ['NSC'],
        listed_on: '2024-05-01',
        remarks: 'Designated by the Nigeria Sanctions Committee.',
      }),
      '',
      JSON.stringify({ source_id: 'NSL-002', kind: 'ENTITY', name: 'Sahel Logistics Ltd', remarks: null }),
    ]
    const reading = readListFile({ format: 'GENERIC_JSONL', files: { list: streamOf(`${lines.join('\r\n')}\r\n`, 50) } })
    expect(await readAll(reading)).toEqual([EXPECTED_PERSON, EXPECTED_ENTITY])
  })
})

describe('docs/screening-list-format.md', () => {
  it('has examples that read, the same in both encodings', async () => {
    const doc = readFileSync(new URL('../../../../docs/screening-list-format.md', import.meta.url), 'utf8')
    const example = (language: string) => new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1] ?? ''
    const fromCsv = await readAll(csv(example('csv')))
    const fromJsonLines = await readAll(jsonLines(example('json')))
    expect(fromCsv).toHaveLength(2)
    // The CSV example also shows a second alias and a remark; the rest is the same.
    expect(fromJsonLines).toEqual(
      fromCsv.map((entry) => ({ ...entry, names: entry.names.filter((name) => name.name !== 'I. Musa'), remarks: null })),
    )
  })
})

describe('a malformed generic file is refused, naming the line and the field', () => {
  const header = 'source_id,kind,name,dates_of_birth\n'

  it('a CSV with an unknown column', async () => {
    const error = await refusalOf(csv('source_id,kind,name,date_of_birth\nA,PERSON,X,1970\n'))
    expect(error.where).toBe('line 1')
    expect(error.problem).toMatch(/^unknown column "date_of_birth" \(the columns are source_id, kind, name, /)
  })

  it('a CSV without a required column, with a column twice, or a row of the wrong width', async () => {
    expect(await refusalOf(csv('source_id,name\nA,X\n'))).toMatchObject({
      where: 'line 1',
      problem: 'the required column "kind" is missing from the header row',
    })
    expect((await refusalOf(csv('source_id,kind,name,name\n'))).problem).toBe('column "name" appears twice')
    expect(await refusalOf(csv(`${header}A,PERSON,X\n`))).toMatchObject({
      where: 'line 2',
      problem: '3 columns where the header row has 4',
    })
    expect((await refusalOf(csv(''))).problem).toMatch(/header row is missing/)
  })

  it('a JSON lines line that is not JSON: its line number', async () => {
    const good = JSON.stringify({ source_id: 'A', kind: 'PERSON', name: 'X' })
    const error = await refusalOf(jsonLines(good, '', '{"source_id": "B", kind: PERSON}'))
    expect(error.where).toBe('line 3')
    expect(error.problem).toMatch(/^the line is not valid JSON/)
  })

  it('a JSON line of the wrong shape: not an object, an unknown field, a field of the wrong type', async () => {
    expect((await refusalOf(jsonLines('["A", "PERSON", "X"]'))).problem).toMatch(/^each line must be one JSON object/)
    expect((await refusalOf(jsonLines('{"source_id":"A","kind":"PERSON","name":"X","weak_aliases":["Y"]}'))).problem).toMatch(
      /^unknown field "weak_aliases" \(in JSON lines, give a weak alias as/,
    )
    expect((await refusalOf(jsonLines('{"source_id":"A","kind":"PERSON","name":"X","countries":"NG"}'))).problem).toBe(
      'countries must be an array of strings',
    )
    expect(
      (await refusalOf(jsonLines('{"source_id":"A","kind":"PERSON","name":"X","aliases":[{"name":"Y","quality":"LOW"}]}')))
        .problem,
    ).toMatch(/^aliases\[0\] must be a string or/)
  })

  it('a date of birth or listed_on that is not a date (1970-02-31 is no day)', async () => {
    const error = await refusalOf(csv(`${header}A,PERSON,X,1970-01-01|1970-02-31\n`))
    expect(error.where).toBe('line 2')
    expect(error.problem).toBe('dates_of_birth "1970-02-31" is not a date: write YYYY-MM-DD, YYYY or YYYY..YYYY')
    const range = await refusalOf(jsonLines('{"source_id":"A","kind":"PERSON","name":"X","dates_of_birth":["1972..1970"]}'))
    expect(range.problem).toMatch(/^dates_of_birth "1972\.\.1970" is not a date/)
    const listed = await refusalOf(jsonLines('{"source_id":"A","kind":"PERSON","name":"X","listed_on":"01/05/2024"}'))
    expect(listed).toMatchObject({ where: 'line 1', problem: 'listed_on "01/05/2024" is not a date: write YYYY-MM-DD' })
  })

  it('a missing required value, an unknown kind, a source_id given twice', async () => {
    expect(await refusalOf(csv(`${header},PERSON,X,\n`))).toMatchObject({ where: 'line 2', problem: 'source_id is empty' })
    expect((await refusalOf(csv(`${header}A,PERSON,,\n`))).problem).toBe('name is empty')
    expect((await refusalOf(csv(`${header}A,VESSEL,X,\n`))).problem).toBe('kind "VESSEL" is neither PERSON nor ENTITY')
    expect(await refusalOf(csv(`${header}A,PERSON,X,\nB,PERSON,Y,\nA,ENTITY,Z,\n`))).toMatchObject({
      where: 'line 4',
      problem: 'source_id "A" appears twice (first on line 2)',
    })
  })
})
