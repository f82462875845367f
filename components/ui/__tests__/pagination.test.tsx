import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Pagination } from '../pagination'

const pages = () => screen.getByRole('navigation', { name: 'Pagination' })

describe('Pagination', () => {
  it('an exact total: "of 53", the last page known, Next off on it', () => {
    const onPageChange = vi.fn()
    render(<Pagination pageNumber={6} pageSize={10} totalElements={53} onPageChange={onPageChange} />)
    expect(pages()).toHaveTextContent('Showing 51–53 of 53')
    expect(pages()).toHaveTextContent('Page 6 of 6')
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(onPageChange).toHaveBeenCalledWith(5)
  })

  it('a total the server stopped counting: "1,000+", Next on at the last counted page, Last off', () => {
    const onPageChange = vi.fn()
    render(
      <Pagination pageNumber={50} pageSize={20} totalElements={1000} totalElementsExact={false} onPageChange={onPageChange} />,
    )
    expect(pages()).toHaveTextContent('Showing 981–1,000 of 1,000+')
    expect(pages()).toHaveTextContent('Page 50 of 50+')
    expect(screen.getByRole('button', { name: 'Last page (not counted yet)' })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(onPageChange).toHaveBeenCalledWith(51)
  })
})
