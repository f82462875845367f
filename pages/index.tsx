import { PublicPage } from '@/components/layouts/public-page'
import { Link } from '@/components/ui/link'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/home.module.css'

const FEATURES = [
  { title: 'Register your business', text: 'Sign up, add your company with its CAC registration number and invite your team.' },
  {
    title: 'Complete your KYC once',
    text: 'Company details, addresses, means of ID, shareholders and documents, saved as you go.',
  },
  { title: 'Apply for products', text: 'Choose the products you need and answer only what each one asks for.' },
  { title: 'Reviewed by people', text: 'Compliance staff check every business and document, with a full audit trail.' },
]

export default function HomePage() {
  return (
    <PublicPage links={['products', 'login']}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">Onboard your business, complete KYC and start using our products</h1>
        <p>
          One place for Nigerian businesses to register, provide know-your-customer information and apply for payment and banking
          products, and for our team to review them quickly and safely.
        </p>
        <div className={styles.actions}>
          <Link href={paths.auth.signup()} className={styles.primary}>
            Create an account
          </Link>
          <Link href={paths.auth.login()} className={styles.secondary}>
            Sign in
          </Link>
        </div>
      </section>
      <ul className={styles.features}>
        {FEATURES.map((f) => (
          <li key={f.title}>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </PublicPage>
  )
}
