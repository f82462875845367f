import blocks from '@/styles/blocks.module.css'
import { Button } from './button'

/** An editor's submit and cancel buttons, submit first (the Enter key submits; Cancel leaves without saving). */
export function FormActions(props: { submitLabel: string; submitting: boolean; onCancel: () => void }) {
  return (
    <div className={blocks.cluster}>
      <Button type="submit" loading={props.submitting}>
        {props.submitLabel}
      </Button>
      <Button type="button" variant="secondary" onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  )
}
