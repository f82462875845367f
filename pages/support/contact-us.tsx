import { lazyScreen } from '@/components/layouts/lazy-screen'
import { PublicPage } from '@/components/layouts/public-page'

// The form (react-hook-form, the upload checks) loads after the page, keeping the route's first load small.
const ContactUsForm = lazyScreen(() => import('@/features/support/components/contact-us-form').then((m) => m.ContactUsForm), {
  count: 5,
  label: 'Loading the form',
})

/** Public: write to the support team (no sign-in needed). */
export default function ContactUsPage() {
  return (
    <PublicPage title="Contact us" links={['products', 'login']}>
      <h1>Contact us</h1>
      <p>Tell us what you need help with. We answer by e-mail, usually within one working day.</p>
      <ContactUsForm />
    </PublicPage>
  )
}
