import { useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useEffect, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataTable } from '@/components/ui/data-table'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextField } from '@/components/ui/text-field'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import type { Holiday } from '@/lib/contracts/service-levels'
import { formatDay, formatWeekday, readDay } from '@/lib/format/day'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { serviceLevelQueries } from '../api/service-level-queries'
import { useAddHoliday, useWithdrawHoliday } from '../api/service-level-settings-calls'
import styles from './service-levels.module.css'

interface HolidayValues {
  day: string
  name: string
}

// The API call's own schema (`holidayInputSchema`), loaded on first validation.
const resolver = lazyZodResolver<HolidayValues>(() =>
  import('@/lib/contracts/service-levels').then((m) => m.holidayInputSchema as never),
)

const weekday = formatWeekday
const isWeekend = (day: string) => [0, 6].includes(readDay(day)?.getDay() ?? -1)
const dayWords = (day: string) => `${weekday(day)} ${formatDay(day)}`

/** The Lagos year now (the business calendar's), for the first year shown. */
const lagosYear = () => Number(new Date(Date.now() + 3_600_000).toISOString().slice(0, 4))

/** Adds a holiday the government declared: at once and audited (it comes at short notice). */
function AddHolidayForm({ onAdded }: { onAdded: (holiday: HolidayValues) => void }) {
  const add = useAddHoliday()
  const form = useForm<HolidayValues>({ resolver, defaultValues: { day: '', name: '' } })
  useEffect(() => {
    void resolver.preload()
  }, [])
  const submit = async (values: HolidayValues) => {
    try {
      await add.mutateAsync(values)
      form.reset({ day: '', name: '' })
      onAdded(values)
    } catch (error) {
      if (!applyApiErrors(error, form.setError, ['day', 'name']))
        // A day that is already a holiday (409) belongs to the date.
        form.setError('day', { type: 'server', message: describeError(error, 'The holiday was not added.') })
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="Add a declared holiday" className={styles.holidayForm}>
      <DateField<HolidayValues> name="day" label="Date" required />
      <TextField<HolidayValues>
        name="name"
        label="Name or reason"
        hint="As declared, e.g. “Public holiday declared for the elections”."
        maxLength={120}
        required
      />
      <div className={styles.formButton}>
        <Button type="submit" variant="secondary" loading={form.formState.isSubmitting} loadingText="Adding…">
          Add holiday
        </Button>
      </div>
    </Form>
  )
}

/**
 * The year's days that are not business days besides weekends (docs/service-levels.md#business-days): Nigeria's
 * public holidays and those staff added. Supervisors add a declared one and withdraw an added one (confirmed first).
 */
export function HolidaysPanel({ canEdit }: { canEdit: boolean }) {
  const [year, setYear] = useState(lagosYear)
  const holidays = useQuery(serviceLevelQueries.holidays(year))
  const [withdrawing, setWithdrawing] = useState<Holiday | null>(null)
  const [said, setSaid] = useState<string | null>(null)
  const withdraw = useWithdrawHoliday()
  const [withdrawError, setWithdrawError] = useState<string | null>(null)

  const columns = useMemo(() => {
    const col = createColumnHelper<Holiday>()
    return [
      col.accessor('day', {
        header: 'Day',
        meta: { isRowHeader: true },
        cell: (info) => (
          <>
            {formatDay(info.getValue())}
            <span className={styles.secondary}>{weekday(info.getValue())}</span>
          </>
        ),
      }),
      col.accessor('name', { header: 'Holiday', meta: { wrap: true } }),
      col.accessor('source', {
        header: 'Source',
        meta: { wrap: true },
        cell: ({ row: { original: h } }) =>
          h.source === 'PUBLIC' ? (
            <StatusBadge status="PUBLIC" label="Public holiday" tone="neutral" />
          ) : (
            <>
              <StatusBadge status="ADDED" label="Added by staff" tone="info" />
              {h.addedBy && <span className={styles.secondary}>by {h.addedBy}</span>}
            </>
          ),
      }),
      ...(canEdit
        ? [
            col.display({
              id: 'actions',
              header: 'Actions',
              cell: ({ row: { original: h } }) =>
                h.source === 'ADDED' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Withdraw ${h.name} (${formatDay(h.day)})`}
                    onClick={() => {
                      setWithdrawError(null)
                      setWithdrawing(h)
                    }}
                  >
                    Withdraw
                  </Button>
                ) : null,
            }),
          ]
        : []),
    ]
  }, [canEdit])

  const confirmWithdraw = () => {
    if (!withdrawing) return
    withdraw.mutate(withdrawing.day, {
      onSuccess: () => {
        setSaid(`${withdrawing.name} (${dayWords(withdrawing.day)}) was withdrawn: it is a business day again.`)
        setWithdrawing(null)
      },
      onError: (error) => setWithdrawError(describeError(error, 'The holiday was not withdrawn.')),
    })
  }

  return (
    <section className={styles.panel} aria-labelledby="holidays-title">
      <h2 id="holidays-title">Holidays</h2>
      <p className={styles.muted}>
        A business day is a Monday to Friday in Lagos that is not a holiday. Nigeria&apos;s public holidays come from the
        date-holidays calendar; its Islamic holidays are predictions, so a day the government declares at short notice is added
        here and counts at once.
      </p>
      {said && (
        <p role="status" className={styles.notice}>
          {said}
        </p>
      )}
      {canEdit && (
        <AddHolidayForm
          onAdded={(h) => {
            setSaid(`${h.name} (${dayWords(h.day)}) added: it is not a business day. Due times move past it.`)
            setYear(Number(h.day.slice(0, 4)))
          }}
        />
      )}
      <div className={styles.cluster} role="group" aria-label="Year shown">
        <Button variant="secondary" size="sm" onClick={() => setYear((y) => y - 1)} disabled={year <= 2000}>
          Previous year <VisuallyHidden>({year - 1})</VisuallyHidden>
        </Button>
        <strong aria-live="polite">{year}</strong>
        <Button variant="secondary" size="sm" onClick={() => setYear((y) => y + 1)} disabled={year >= 2100}>
          Next year <VisuallyHidden>({year + 1})</VisuallyHidden>
        </Button>
      </div>
      <DataTable
        caption={`Holidays in ${year}`}
        columns={columns}
        data={holidays.data}
        totalElements={holidays.data?.length ?? 0}
        pageNumber={1}
        pageSize={100}
        getRowId={(h) => `${h.source}-${h.day}`}
        isLoading={holidays.isPending}
        error={holidays.error}
        errorMessage={holidays.error ? describeError(holidays.error, "We couldn't load the holidays. Try again.") : undefined}
        onRetry={() => void holidays.refetch()}
        emptyTitle="No holidays"
        emptyDescription={`No holiday is known for ${year}.`}
        stateHeadingLevel={3}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={`Withdraw ${withdrawing?.name ?? 'the holiday'}?`}
        description={
          withdrawing
            ? isWeekend(withdrawing.day)
              ? `${dayWords(withdrawing.day)} falls on a weekend: no due time moves.`
              : `${dayWords(withdrawing.day)} becomes a business day again: due times that counted past it move back a day.`
            : undefined
        }
        confirmLabel="Withdraw holiday"
        destructive
        busy={withdraw.isPending}
        busyText="Withdrawing…"
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      >
        {withdrawError && (
          <p role="alert" className={styles.error}>
            {withdrawError}
          </p>
        )}
      </ConfirmDialog>
    </section>
  )
}
