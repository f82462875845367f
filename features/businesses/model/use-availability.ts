import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { businessQueries } from '../api/business-queries'
import { readRegistrationNumber } from './registration-number'

export const AVAILABILITY_DELAY_MS = 400
export const MIN_NAME_LENGTH = 2

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'taken' | 'unknown'

export interface Availability {
  state: AvailabilityState
  /** What was (or is being) checked: the normalised registration number, or the trimmed name. */
  value: string
  /** A sentence for the user, or null when there is nothing to say. */
  message: string | null
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}

/** The value the API would check: a normalised registration number, or a trimmed name; '' when not checkable yet. */
export function checkableValue(kind: 'regNo' | 'name', raw: string): string {
  if (kind === 'regNo') return readRegistrationNumber(raw)?.normalised ?? ''
  const name = raw.trim().replace(/\s+/g, ' ')
  return name.length >= MIN_NAME_LENGTH ? name : ''
}

/** The options of the check query for a checkable value (shared by the live check and the check before submit). */
export function availabilityQuery(kind: 'regNo' | 'name', value: string) {
  return businessQueries.taken(kind, value)
}

export function takenMessage(kind: 'regNo' | 'name', value: string): string {
  return kind === 'regNo' ? `${value} is already registered` : `A business named “${value}” is already registered`
}

/**
 * Live availability of a registration number or business name while the user types: checked after a pause
 * (`GET /businesses/check/reg-no/{value}`, `/check/business-name/{value}`), answers cached for 30 seconds.
 */
export function useAvailability(kind: 'regNo' | 'name', raw: string): Availability {
  const value = checkableValue(kind, raw)
  const debounced = useDebounced(value, AVAILABILITY_DELAY_MS)
  const check = useQuery({ ...availabilityQuery(kind, debounced), enabled: debounced !== '' })

  if (!value) return { state: 'idle', value, message: null }
  if (value !== debounced || check.isPending) return { state: 'checking', value, message: 'Checking availability…' }
  if (check.isError) return { state: 'unknown', value, message: null }
  return check.data
    ? { state: 'taken', value, message: takenMessage(kind, value) }
    : { state: 'available', value, message: kind === 'regNo' ? `${value} is available` : 'This name is available' }
}
