import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import {
  FormProvider,
  useFormState,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form'
import { errorMessageOf, fieldStyles as styles } from './field'
import { UploadsInProgressProvider, useUploadsInProgressState } from './uploads-in-progress'

export interface FormProps<TValues extends FieldValues, TContext, TTransformed> extends Omit<
  ComponentPropsWithoutRef<'form'>,
  'onSubmit' | 'onInvalid' | 'noValidate' | 'children'
> {
  /** The `useForm()` result (e.g. `useForm({ resolver: zodResolver(schema), defaultValues })`). */
  form: UseFormReturn<TValues, TContext, TTransformed>
  /**
   * Called with the validated (transformed) values; the form's `isSubmitting` is true until its promise settles.
   * Without it the form never submits natively (submit is prevented).
   */
  onSubmit?: SubmitHandler<TTransformed>
  /** Called with the errors when validation fails (react-hook-form has already focused the first invalid field). */
  onInvalid?: SubmitErrorHandler<TValues>
  /** Show `errors.root` messages (`setError('root.server', { message })`) above the fields. Default true. */
  showRootErrors?: boolean
  children: ReactNode
}

/**
 * `FormProvider` + `<form noValidate>`: the fields below it find the form through `useFormContext()`. While an
 * `Uploader` inside it sends a file, its submit buttons are disabled and a submit (Enter in a field) is refused.
 */
export function Form<TValues extends FieldValues, TContext, TTransformed>({
  form,
  onSubmit,
  onInvalid,
  showRootErrors = true,
  children,
  ...formProps
}: FormProps<TValues, TContext, TTransformed>) {
  const uploads = useUploadsInProgressState()
  const submit = onSubmit && form.handleSubmit(onSubmit, onInvalid)
  return (
    <FormProvider {...form}>
      <UploadsInProgressProvider value={uploads}>
        <form
          {...formProps}
          noValidate
          onSubmit={(event) => {
            if (!submit || uploads.isBusy()) event.preventDefault()
            else void submit(event)
          }}
        >
          {showRootErrors && <FormRootErrors />}
          {children}
        </form>
      </UploadsInProgressProvider>
    </FormProvider>
  )
}

/**
 * The form-level errors (`errors.root` and `errors.root.<key>`), in an alert. Rendered by `Form`; use it on its
 * own inside a `FormProvider` built by hand.
 */
export function FormRootErrors() {
  const { errors } = useFormState()
  const root = errors.root as (Record<string, unknown> & { message?: string }) | undefined
  if (!root) return null
  const messages = [
    root.message,
    ...Object.entries(root)
      .filter(([key]) => key !== 'message' && key !== 'type' && key !== 'ref' && key !== 'types')
      .map(([, value]) => errorMessageOf(value)),
  ].filter((m): m is string => Boolean(m))
  const unique = [...new Set(messages)]
  if (unique.length === 0) return null
  return (
    <div role="alert" className={styles.formError}>
      {unique.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  )
}
