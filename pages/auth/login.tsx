import type { GetServerSideProps } from 'next'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { useLoadedComponent } from '@/components/layouts/use-loaded-component'
import { Link } from '@/components/ui/link'
import { loginFirstReads, SSO_SETTINGS_PATH } from '@/features/account/api/sso-settings-read'
import { AuthCard } from '@/features/account/components/auth-card'
import { LoginForm } from '@/features/account/components/login-form'
import { paths } from '@/lib/navigation/paths'
import { useSeededPageAnswers } from '@/lib/query/page-answers'
import { readPublicPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

// Single sign-on's code loads after the page (first-load budget), and only when it is offered or answering.
const loadSsoButton = () => import('@/features/account/components/sso-button').then((m) => m.SsoButton)

interface LoginPageProps {
  answers: PageAnswers
}

/** The single sign-on settings come with the page (server/bff/page-answers.ts): nothing is asked once it has painted. */
export const getServerSideProps: GetServerSideProps<LoginPageProps> = async ({ req }) => ({
  props: {
    answers: await readPublicPageAnswers(
      req,
      loginFirstReads().map((read) => read.path),
    ),
  },
})

export default function LoginPage({ answers }: LoginPageProps) {
  useSeededPageAnswers(answers, loginFirstReads())
  const { query } = useRouter()
  // Its code is needed when single sign-on is offered (or the page could not tell), or to finish or explain one.
  const offered = (answers?.[SSO_SETTINGS_PATH] as { enabled?: boolean } | undefined)?.enabled !== false
  const SsoButton = useLoadedComponent(loadSsoButton, offered || query.sso === 'done' || query.sso_error !== undefined)
  return (
    <>
      <Head>
        <title>Sign in · KYC Portal</title>
      </Head>
      <AuthCard
        title="Sign in"
        footer={
          <>
            <Link href={paths.auth.forgotPassword()}>Forgot your password?</Link>
            <Link href={paths.auth.signup()}>Create an account</Link>
            <Link href={paths.auth.resendActivation()}>Resend activation link</Link>
          </>
        }
      >
        <LoginForm />
        {SsoButton && <SsoButton />}
      </AuthCard>
    </>
  )
}
