import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Country, CountryState } from '@/lib/contracts/locations'
import { canonicalLocation } from '@/server/modules/kyc/kyc-locations'
import { DEMO_LOCATIONS } from '@/server/seed/demo-businesses'
import { api, errorsOf } from './helpers'

const CACHE = 'public, max-age=86400'

/**
 * LGAs per state and the Federal Capital Territory, as INEC counts them: 774 in all. Spec section 3 also lists
 * "Abuja" beside the FCT; it is the FCT's alias, not a 38th entry (a copy of its LGAs made 780).
 */
const OFFICIAL_LGA_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  'Akwa Ibom': 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  'Cross River': 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  'Federal Capital Territory': 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
}
const NIGERIAN_STATES = Object.keys(OFFICIAL_LGA_COUNTS)
/** Names that really are LGAs of two states each (INEC). */
const SHARED_LGA_NAMES = ['bassa', 'ifelodun', 'irepodun', 'nasarawa', 'obi', 'surulere']

async function nigerianStates(): Promise<CountryState[]> {
  const res = await api('/countries/states?country=NG')
  expect(res.status).toBe(200)
  return (await res.json()) as CountryState[]
}

describe('locations', () => {
  it('GET /countries lists every country, public and cacheable, the same list as /countries.json', async () => {
    const res = await api('/countries')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(CACHE)
    const countries = (await res.json()) as Country[]
    expect(countries.length).toBeGreaterThan(240)
    expect(countries).toEqual(JSON.parse(readFileSync('public/countries.json', 'utf8')))

    for (const c of countries) {
      expect(Object.keys(c).sort()).toEqual(['capital', 'code', 'country', 'id', 'latitude', 'longitude', 'states'])
      for (const key of ['id', 'country', 'code', 'capital', 'latitude', 'longitude'] as const)
        expect(typeof c[key]).toBe('string')
      expect(Array.isArray(c.states)).toBe(true)
      if (c.latitude) expect(c.latitude).toMatch(/^-?\d+(\.\d+)?$/)
    }
    expect(new Set(countries.map((c) => c.id)).size).toBe(countries.length)
    expect(countries.map((c) => c.country)).toEqual([...countries.map((c) => c.country)].sort(new Intl.Collator('en').compare))
    // Countries without regions have an empty list (the form then asks for a free-text region).
    expect(countries.some((c) => c.states.length === 0)).toBe(true)

    const nigeria = countries.find((c) => c.id === 'NG')!
    expect(nigeria).toMatchObject({ country: 'Nigeria', code: 'NG', latitude: '10.00000000', longitude: '8.00000000' })
    expect([...nigeria.states].sort()).toEqual([...NIGERIAN_STATES].sort())
  })

  it('GET /countries/{id} answers one country, whatever the case of the id', async () => {
    const res = await api('/countries/gh')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(CACHE)
    const ghana = (await res.json()) as Country
    expect(ghana).toMatchObject({ id: 'GH', country: 'Ghana', code: 'GH' })
    expect(ghana.states).toContain('Greater Accra')
  })

  it('GET /countries/{id} answers 404 NOT_FOUND for an unknown country, uncached', async () => {
    const res = await api('/countries/XX')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBeNull()
    expect(await errorsOf(res)).toEqual([{ code: 'NOT_FOUND', message: 'Country not found' }])
  })

  it('GET /countries/states lists every Nigerian state with its LGAs: 774 in all, 20 in Lagos', async () => {
    const states = await nigerianStates()
    expect(states.map((s) => s.state).sort()).toEqual([...NIGERIAN_STATES].sort())
    for (const s of states) {
      expect(s.alias).toMatch(/^[a-z]+(_[a-z]+)*$/)
      expect(s.lgas.length, s.state).toBeGreaterThan(0)
      expect(new Set(s.lgas).size, s.state).toBe(s.lgas.length)
    }
    const byName = new Map(states.map((s) => [s.state, s]))
    expect(byName.get('Akwa Ibom')!.alias).toBe('akwa_ibom')
    expect(byName.get('Cross River')!.alias).toBe('cross_river')
    expect(byName.get('Federal Capital Territory')!.alias).toBe('abuja')
    expect(byName.has('Abuja')).toBe(false)
    expect(byName.get('Federal Capital Territory')!.lgas).toHaveLength(6)

    const lagos = byName.get('Lagos')!.lgas
    expect(lagos).toHaveLength(20)
    expect(lagos).toEqual(expect.arrayContaining(['Ikeja', 'Eti-Osa', 'Lagos Island', 'Lagos Mainland', 'Surulere']))

    expect(states).toHaveLength(37)
    expect(Object.fromEntries(states.map((s) => [s.state, s.lgas.length]))).toEqual(OFFICIAL_LGA_COUNTS)
    expect(states.reduce((n, s) => n + s.lgas.length, 0)).toBe(774)
    // No LGA is filed under two states (the old "Abuja" copy did that to the FCT's six).
    const lgaNames = states.flatMap((s) => s.lgas.map((lga) => lga.toLowerCase()))
    const sharedAcrossStates = lgaNames.filter((name, i) => lgaNames.indexOf(name) !== i)
    expect(sharedAcrossStates.filter((name) => !SHARED_LGA_NAMES.includes(name))).toEqual([])
  })

  it('accepts the LGAs the demo seed and the test fixtures use, and "Abuja" as the FCT', async () => {
    const fixtures: [string, string][] = [...DEMO_LOCATIONS, ['Lagos', 'Lagos Island']]
    for (const [state, lga] of fixtures) {
      expect(await canonicalLocation({ country: 'Nigeria', state, lga }), `${state}/${lga}`).toEqual({
        country: 'Nigeria',
        state,
        lga,
      })
    }
    expect(await canonicalLocation({ country: 'Nigeria', state: 'Abuja', lga: 'bwari' })).toEqual({
      country: 'Nigeria',
      state: 'Federal Capital Territory',
      lga: 'Bwari',
    })
    await expect(
      canonicalLocation({ country: 'Nigeria', state: 'Federal Capital Territory', lga: 'Abuja Municipal Area Council' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  it('GET /countries/states answers empty LGA lists outside Nigeria, and nothing for a country without regions', async () => {
    const res = await api('/countries/states?country=gh')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(CACHE)
    const states = (await res.json()) as CountryState[]
    expect(states).toContainEqual({ state: 'Greater Accra', alias: 'greater_accra', lgas: [] })
    expect(states.every((s) => s.lgas.length === 0)).toBe(true)

    const countries = (await (await api('/countries')).json()) as Country[]
    const empty = countries.find((c) => c.states.length === 0)!
    const none = await api(`/countries/states?country=${empty.id}`)
    expect(none.status).toBe(200)
    expect(await none.json()).toEqual([])
  })

  it('GET /countries/states answers 400 naming the missing country and 404 for an unknown one', async () => {
    for (const query of ['', '?country=', '?country=%20']) {
      const res = await api(`/countries/states${query}`)
      expect(res.status, query).toBe(400)
      const errors = await errorsOf(res)
      expect(errors.map((e) => [e.code, e.field])).toEqual([['VALIDATION_FAILED', 'country']])
    }
    const unknown = await api('/countries/states?country=XX')
    expect(unknown.status).toBe(404)
    expect((await errorsOf(unknown))[0]!.code).toBe('NOT_FOUND')
  })

  it('serves /countries/states as the static path, not as a country id', async () => {
    const res = await api('/countries/states?country=NG')
    const body = (await res.json()) as unknown[]
    expect(Array.isArray(body)).toBe(true)
  })

  it('documents the calls in /openapi.json', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/countries', '/api/v1/countries/states', '/api/v1/countries/{id}']),
    )
    expect(doc.paths['/api/v1/countries']!.get!.security).toBeUndefined()
  })
})
