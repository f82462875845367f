import { Button } from '@/components/ui/button'

/** Ten codes shown once, with copy and download, so they can be kept somewhere other than the phone. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = `KYC Portal recovery codes (each works once)\n\n${codes.join('\n')}\n`
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: 'kyc-portal-recovery-codes.txt' })
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <section aria-label="Recovery codes">
      <p>
        Save these ten recovery codes somewhere safe, away from your phone. If you lose your phone, each one signs you in once.{' '}
        <strong>They are shown only now.</strong>
      </p>
      <ol style={{ fontFamily: 'var(--font-mono, monospace)', columns: 2, paddingInlineStart: '1.5rem' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button type="button" variant="secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy codes
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          Download as a file
        </Button>
      </div>
    </section>
  )
}
