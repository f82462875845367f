import dynamic from 'next/dynamic'
import { useEffect, useId } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import styles from './businesses.module.css'

// The form (react-hook-form and its fields) is not needed to show the page: it loads right after, in parallel.
const loadForm = () => import('./existing-profile-form').then((m) => m.ExistingProfileForm)
const ExistingProfileForm = dynamic(loadForm, {
  ssr: false,
  loading: () => <Skeleton count={2} label="Loading the search form" />,
})

/** "Find an existing business profile": for someone whose business is already registered by a colleague. */
export function ExistingProfilePanel() {
  const titleId = useId()
  useEffect(() => void loadForm(), [])
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Find an existing business profile</h2>
      <p className={styles.muted}>
        Is your business already registered here by a colleague? Look it up and ask its owners to add you.
      </p>
      <ExistingProfileForm />
    </section>
  )
}
