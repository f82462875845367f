// Barrel of the UI kit. Every module is also importable on its own (`@/components/ui/button`); prefer the direct
// path in pages that use one or two components, so the route never pulls in TanStack Table for a button.
export { Button, buttonClassName, type ButtonProps, type ButtonSize, type ButtonVariant, type ButtonStyleOptions } from './button'
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner'
export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden'
export { cx } from './cx'

export { Form, FormRootErrors, type FormProps } from './form'
export {
  errorMessageOf,
  useFieldControl,
  FieldShell,
  FieldErrorMessage,
  type FieldBaseProps,
  type FieldShellProps,
} from './field'
export { TextField, type TextFieldProps, type TextFieldType } from './text-field'
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field'
export { DateField, type DateFieldProps } from './date-field'
export { TextAreaField, type TextAreaFieldProps } from './text-area-field'
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field'

export { DataTable, type DataTableProps } from './data-table'
export { TableFilters, type DataTableFilter, type TableFiltersProps } from './table-filters'
export { Pagination, totalPagesOf, type PaginationProps } from './pagination'
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
} from './use-table-url-state'
export { useUrlState, type UrlState, type UrlQueryPatch, type UrlQueryValue } from './use-url-state'

export { ScrollTable, type ScrollTableProps } from './scroll-table'
export { Modal, type ModalProps, type ModalSize } from './modal'
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog'

export { StatusBadge, statusLabel, statusTone, STATUS_STYLES, type StatusBadgeProps, type StatusTone } from './status-badge'
export { EmptyState, type EmptyStateProps, type HeadingLevel } from './empty-state'
export { ErrorState, type ErrorStateProps } from './error-state'
export { Skeleton, SkeletonBone, type SkeletonProps, type SkeletonVariant } from './skeleton'
