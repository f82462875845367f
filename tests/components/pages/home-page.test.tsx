import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import HomePage from '@/pages/index'

describe('home page', () => {
  it('says what the portal does and offers sign up, sign in and the product catalogue', () => {
    render(<HomePage />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/onboard your business/i)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup')
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/auth/login')
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products')
  })
})
