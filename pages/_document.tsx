import Document, { Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document'
import { PaintFirstHead } from '@/components/layouts/paint-first-head'
import { NONCE_HEADER } from '@/lib/config/security-headers'

interface PortalDocumentProps extends DocumentInitialProps {
  nonce?: string
}

/**
 * Every page is rendered per request so its inline scripts (Next's bootstrap, the loader that starts the page's scripts
 * once it has painted: `PaintFirstHead`) can carry the CSP nonce from proxy.ts.
 */
export default class PortalDocument extends Document<PortalDocumentProps> {
  static override async getInitialProps(ctx: DocumentContext): Promise<PortalDocumentProps> {
    const initialProps = await Document.getInitialProps(ctx)
    const header = ctx.req?.headers[NONCE_HEADER]
    return { ...initialProps, nonce: typeof header === 'string' ? header : undefined }
  }

  override render() {
    const { nonce } = this.props
    return (
      <Html lang="en-NG">
        <PaintFirstHead nonce={nonce} />
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    )
  }
}
