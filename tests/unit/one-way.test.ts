import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/*
 * One way on the client and in its tests (issue 35, parts 3 and 4): what was copied by hand stays in its one place.
 * The rules are in docs/conventions.md#shared-pieces-to-reach-for-first and docs/testing.md#rules-for-tests.
 */
const tracked = (...pathspecs: string[]) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...pathspecs], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx)$/.test(f))

const linesMatching = (files: string[], pattern: RegExp) =>
  files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])),
  )

describe('one way', () => {
  it('builds API paths with apiPath: no encodeURIComponent in a browser path, no segment helper of its own', () => {
    const client = tracked('features', 'components', 'lib', 'pages').filter(
      (f) => !/(\.test\.tsx?|__tests__\/)/.test(f) && f !== 'lib/http/api-path.ts' && !f.startsWith('lib/contracts/'),
    )
    // The one exception: the states of a country are read with fetch, by a URL with a query (`?country=`).
    const allowed = ['features/locations/api/location-queries.ts']
    expect(
      linesMatching(client, /encodeURIComponent\(|const segment\b/).filter((at) => !allowed.some((a) => at.startsWith(a))),
    ).toEqual([])
  })

  it('formats a size in bytes with the one formatBytes', () => {
    const all = tracked('features', 'components', 'lib', 'pages', 'server')
    expect(linesMatching(all, /function formatBytes\b/).map((at) => at.split(':')[0])).toEqual(['lib/contracts/file-types.ts'])
  })

  it('mocks next/router in component tests with tests/components/router-mock.ts only', () => {
    const tests = tracked('tests/components', 'features', 'components').filter((f) => /\.test\.tsx?$/.test(f))
    expect(linesMatching(tests, /vi\.mock\('next\/router', \(\) => \(/)).toEqual([])
  })

  it('keeps mutation hooks in api/<noun>-calls.ts files, never in a query-key factory file or a component', () => {
    const source = tracked('features').filter((f) => !/(\.test\.tsx?|__tests__\/)/.test(f))
    expect(source.filter((f) => /useMutation\(/.test(readFileSync(f, 'utf8')) && !/\/api\/[^/]+-calls\.ts$/.test(f))).toEqual([])
  })

  it('keeps code that renders nothing in features/<f>/model/, not as a .ts file under components/', () => {
    const source = tracked('features').filter((f) => !/(\.test\.tsx?|__tests__\/|\.d\.ts$)/.test(f))
    expect(source.filter((f) => /^features\/[^/]+\/components\/.*\.ts$/.test(f))).toEqual([])
  })

  describe("pages a list one way: useTableUrlState (a page's main list, in the URL) or useLocalPaging (a panel)", () => {
    const client = tracked('features', 'components', 'pages').filter((f) => !/(\.test\.tsx?|__tests__\/)/.test(f))
    // The pager stands alone only beside what cannot be a DataTable; each is named, with its reason, in
    // docs/conventions.md#shared-pieces-to-reach-for-first.
    const pagerAlone = [
      'features/audits/components/audit-log.tsx',
      'features/businesses/components/dashboard-data-views.tsx',
      'features/deferrals/components/business-deferrals.tsx',
      'features/government/components/entity-list.tsx',
      'features/products/components/product-catalogue.tsx',
    ]

    it('renders <Pagination> only inside DataTable and the named exceptions, each paged by one of the two hooks', () => {
      const users = linesMatching(client, /<Pagination\b/).map((at) => at.split(':')[0]!)
      expect([...new Set(users)].filter((f) => f !== 'components/ui/data-table.tsx')).toEqual(pagerAlone)
      expect(pagerAlone.filter((f) => !/\buse(TableUrlState|LocalPaging)(<[^>]*>)?\(/.test(readFileSync(f, 'utf8')))).toEqual([])
    })

    it('keeps no page number in a useState of its own (useLocalPaging holds it)', () => {
      const pageState = /\[\s*\w*page\w*\s*,\s*set\w*\]\s*=\s*useState\b/i
      expect(linesMatching(client, pageState).filter((at) => !at.startsWith('components/ui/use-local-paging.ts'))).toEqual([])
    })

    it('reads and writes no page in the URL by hand (useTableUrlState does, pageNumberKey where a screen has two lists)', () => {
      const byHand = client.filter(
        (f) => f !== 'components/ui/use-table-url-state.ts' && /\buseUrlState\(/.test(readFileSync(f, 'utf8')),
      )
      expect(linesMatching(byHand, /\bquery\.\w*page|setQuery\(\{[^}]*page/i)).toEqual([])
    })

    it('slices no page out of a list on the client (the API pages)', () => {
      expect(linesMatching(client, /\.slice\([^)]*page/i)).toEqual([])
    })
  })

  it('builds every form with <Form> (components/ui/form.tsx): no hand-made <form> but a search bar that only filters', () => {
    const source = tracked('features', 'components', 'pages').filter(
      (f) => !/(\.test\.tsx?|__tests__\/)/.test(f) && f !== 'components/ui/form.tsx',
    )
    // A list filter (`<form role="search">` that applies as one types) submits nothing: it stays a plain element.
    const handMade = source.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<form\b(?:=>|[^>])*>/g)]
        .filter((match) => !/\brole="search"/.test(match[0]))
        .map(() => file),
    )
    expect(handMade).toEqual([])
  })

  it('keeps a component test beside what it tests: directly in tests/components/ only the named cross-feature test', () => {
    // A shared test kit, page tests in tests/components/pages/, and one test that spans features/kyc (the documents
    // step, the shareholders step, the KYC preview) and features/approvals (the staff review of the same documents).
    const crossFeature = ['tests/components/kyc-shareholder-documents.test.tsx']
    const loose = tracked('tests/components').filter((f) => /^tests\/components\/[^/]+\.test\.tsx?$/.test(f))
    expect(loose.filter((f) => !crossFeature.includes(f))).toEqual([])
    const pageTests = tracked('tests/components/pages').filter((f) => /\.test\.tsx?$/.test(f))
    expect(pageTests.filter((f) => !/from '@\/pages\//.test(readFileSync(f, 'utf8')))).toEqual([])
  })

  it('defines the API fixtures ownerWithBusiness and uploadFile once, in tests/api/kyc-fixtures.ts', () => {
    const tests = tracked('tests')
    for (const name of ['ownerWithBusiness', 'uploadFile']) {
      const definitions = linesMatching(tests, new RegExp(`\\b(function|const|let|var)\\s+${name}\\b`))
      expect(definitions.map((at) => at.split(':')[0])).toEqual(['tests/api/kyc-fixtures.ts'])
    }
  })

  it('has no barrel files in browser code: each module is imported from its own file (lib/analytics/index.ts is a module, not a barrel)', () => {
    const indexes = tracked('lib', 'components', 'features').filter((f) => /(^|\/)index\.tsx?$/.test(f))
    expect(indexes).toEqual(['lib/analytics/index.ts'])
  })
})
