import type { NextPageContext } from 'next'
import { ErrorPage } from '@/components/layouts/status-page'
import type { ErrorBody } from '@/lib/contracts/errors'

interface Props {
  statusCode: number
}

/** Errors other than 404 and 500 (which have their own pages): in practice Next's 400 for a URL it cannot decode. */
export default function NextErrorPage({ statusCode }: Props) {
  return (
    <ErrorPage
      documentTitle="Something went wrong"
      code={statusCode}
      title={statusCode === 400 ? 'This address is not valid' : 'Something went wrong'}
      message="Check the address, or go back and try again."
    />
  )
}

/**
 * Next answers a URL whose percent-escapes are not UTF-8 (`/api/v1/files/%ED%A0%80`) with this page itself, before
 * the API's catch-all runs. Under /api/ the answer is the catalogue's error body instead, like every API error.
 */
NextErrorPage.getInitialProps = ({ req, res, err }: NextPageContext): Props => {
  const statusCode = res?.statusCode ?? err?.statusCode ?? 500
  if (res && !res.headersSent && statusCode === 400 && req?.url?.startsWith('/api/')) {
    const body: ErrorBody = {
      errors: [{ code: 'VALIDATION_FAILED', message: 'The address is not valid: a percent-escape is not UTF-8', field: 'path' }],
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    res.end(JSON.stringify(body))
  }
  return { statusCode }
}
