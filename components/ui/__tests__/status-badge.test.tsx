import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusBadge, statusLabel, statusTone } from '../status-badge'

describe('StatusBadge', () => {
  it('shows REJECTED as "Declined"', () => {
    render(<StatusBadge status="REJECTED" />)
    expect(screen.getByText('Declined')).toHaveAttribute('data-tone', 'danger')
  })

  it.each([
    ['PENDING', 'Pending', 'warning'],
    ['APPROVED', 'Approved', 'success'],
    ['DECLINED', 'Declined', 'danger'],
    ['IN_REVIEW', 'In review', 'info'],
    ['COMPLETED', 'Completed', 'success'],
    ['REMOVED', 'Removed', 'neutral'],
    ['ARCHIVED', 'Archived', 'neutral'],
    ['ACTIVE', 'Active', 'success'],
    ['PENDING_ACTIVATION', 'Pending activation', 'warning'],
    ['SOMETHING_NEW', 'Something new', 'neutral'],
    ['in_review', 'In review', 'info'],
  ])('%s reads "%s" in the %s tone', (status, label, tone) => {
    expect(statusLabel(status)).toBe(label)
    expect(statusTone(status)).toBe(tone)
    render(<StatusBadge status={status} />)
    expect(screen.getByText(label)).toHaveClass('badge', tone)
  })

  it('takes a label override', () => {
    render(<StatusBadge status="APPROVED" label="Approved by two" />)
    expect(screen.getByText('Approved by two')).toHaveClass('success')
  })
})
