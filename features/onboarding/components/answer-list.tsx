import { formatTypedAnswer } from '@/lib/format/number'
import sharedStyles from '@/styles/product-screens.module.css'
import type { OnboardingDetail } from '../api/types'
import { FileLink } from './file-link'
import ownStyles from './onboarding.module.css'

const styles = { ...sharedStyles, ...ownStyles }

/** The requirements with what was given for each (text, or the file to open), read-only. */
export function AnswerList({
  detail,
  headingLevel = 3,
}: {
  detail: Pick<OnboardingDetail, 'requirements' | 'answers'>
  headingLevel?: 3 | 4
}) {
  const Heading = `h${headingLevel}` as const
  if (detail.requirements.length === 0) return <p className={styles.muted}>This product asks for nothing more.</p>
  return (
    <ul className={styles.answers} aria-label="Answers">
      {detail.requirements.map((r) => {
        const answer = detail.answers.find((a) => a.key === r.key)
        return (
          <li key={r.key} className={styles.answer}>
            <Heading>
              {r.label}
              {r.required ? '' : ' (optional)'}
            </Heading>
            {r.type === 'Upload Document' ? (
              answer?.file ? (
                <div className={styles.file}>
                  <FileLink file={answer.file} />
                </div>
              ) : (
                <p className={styles.muted}>No file</p>
              )
            ) : answer?.value ? (
              <p className={styles.answerValue}>{formatTypedAnswer(r.label, answer.value)}</p>
            ) : (
              <p className={styles.muted}>Not answered</p>
            )}
          </li>
        )
      })}
    </ul>
  )
}
