// Barrel of the UI kit. Every module is also importable on its own (`@/components/ui/Button`); prefer the direct
// path in pages that use one or two components, so the route never pulls in TanStack Table for a button.
export { Button, buttonClassName, type ButtonProps, type ButtonSize, type ButtonVariant, type ButtonStyleOptions } from './Button'
export { Spinner, type SpinnerProps, type SpinnerSize } from './Spinner'
export { VisuallyHidden, type VisuallyHiddenProps } from './VisuallyHidden'
export { cx } from './cx'

export { Form, FormRootErrors, type FormProps } from './Form'
export { errorMessageOf, useFieldControl, FieldShell, FieldErrorMessage, type FieldBaseProps, type FieldShellProps } from './Field'
export { TextField, type TextFieldProps, type TextFieldType } from './TextField'
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField'
export { DateField, type DateFieldProps } from './DateField'
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField'
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField'

export { DataTable, type DataTableProps } from './DataTable'
export { TableFilters, type DataTableFilter, type TableFiltersProps } from './TableFilters'
export { Pagination, totalPagesOf, type PaginationProps } from './Pagination'
export {
  useTableUrlState,
  formatSort,
  parseSort,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type TableSort,
  type TableQuery,
  type TableUrlState,
  type UseTableUrlStateOptions,
  type DataTableStateProps,
} from './useTableUrlState'
export { useUrlState, type UrlState, type UrlQueryPatch, type UrlQueryValue } from './useUrlState'

export { Modal, type ModalProps, type ModalSize } from './Modal'
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog'

export { StatusBadge, statusLabel, statusTone, STATUS_STYLES, type StatusBadgeProps, type StatusTone } from './StatusBadge'
export { EmptyState, type EmptyStateProps, type HeadingLevel } from './EmptyState'
export { ErrorState, type ErrorStateProps } from './ErrorState'
export { Skeleton, SkeletonBone, type SkeletonProps, type SkeletonVariant } from './Skeleton'
