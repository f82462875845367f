import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Country, CountryState } from '@/lib/contracts/locations'
import { api, errorsOf } from './helpers'

const CACHE = 'public, max-age=86400'

/** spec section 3: the 36 states, the Federal Capital Territory and Abuja. */
const NIGERIAN_STATES = [
  'Abia', 'Adamawa', 'Akwa Ibom', 'Anambra', 'Bauchi', 'Bayelsa', 'Benue', 'Borno', 'Cross River', 'Delta', 'Ebonyi',
  'Edo', 'Ekiti', 'Enugu', 'Federal Capital Territory', 'Abuja', 'Gombe', 'Imo', 'Jigawa', 'Kaduna', 'Kano', 'Katsina',
  'Kebbi', 'Kogi', 'Kwara', 'Lagos', 'Nasarawa', 'Niger', 'Ogun', 'Ondo', 'Osun', 'Oyo', 'Plateau', 'Rivers', 'Sokoto',
  'Taraba', 'Yobe', 'Zamfara',
]

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
      for (const key of ['id', 'country', 'code', 'capital', 'latitude', 'longitude'] as const) expect(typeof c[key]).toBe('string')
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
    expect(byName.get('Abuja')!.alias).toBe('abuja')
    expect(byName.get('Abuja')!.lgas).toEqual(byName.get('Federal Capital Territory')!.lgas)
    expect(byName.get('Federal Capital Territory')!.lgas).toHaveLength(6)

    const lagos = byName.get('Lagos')!.lgas
    expect(lagos).toHaveLength(20)
    expect(lagos).toEqual(expect.arrayContaining(['Ikeja', 'Eti-Osa', 'Lagos Island', 'Lagos Mainland', 'Surulere']))

    const distinct = new Set(states.filter((s) => s.state !== 'Abuja').flatMap((s) => s.lgas.map((lga) => `${s.state}/${lga}`)))
    expect(distinct.size).toBe(774)
    expect(byName.get('Kano')!.lgas).toHaveLength(44)
    expect(byName.get('Bayelsa')!.lgas).toHaveLength(8)
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
