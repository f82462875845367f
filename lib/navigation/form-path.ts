/** A form definition (spec section 3): a form's name and the path of its screen. */
export interface FormDefinition {
  formName: string
  formPath: string
}

function normalise(name: string): string {
  return name.trim().toLocaleLowerCase('en')
}

/**
 * The `formPath` of the form called `name`, compared case-insensitively (spec section 2) and ignoring surrounding
 * spaces: `findFormPath(forms, 'company details')` finds `{ formName: 'Company Details', ... }`. The first match
 * wins; undefined when `name` is empty, `forms` is missing or nothing matches.
 */
export function findFormPath(
  forms: readonly FormDefinition[] | null | undefined,
  name: string | null | undefined,
): string | undefined {
  if (!forms || typeof name !== 'string') return undefined
  const wanted = normalise(name)
  if (!wanted) return undefined
  return forms.find((form) => typeof form?.formName === 'string' && normalise(form.formName) === wanted)?.formPath
}
