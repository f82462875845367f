import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toasts'
import { useDownloadMyData } from '../api/profile-calls'
import styles from './auth-card.module.css'

/** "Your data": the signed-in user downloads everything the portal holds about them (NDPA 2023, right of access). */
export function DownloadMyData() {
  const download = useDownloadMyData()
  return (
    <section className={styles.stack} aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>
        Download everything this portal holds about you (your account, your businesses, your sessions and the actions you took) as
        one zip file.
      </p>
      <div>
        <Button
          variant="secondary"
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: (fileName) => notify(`Your data is downloading as ${fileName}`, { type: 'success' }),
            })
          }
        >
          Download my data
        </Button>
      </div>
    </section>
  )
}
