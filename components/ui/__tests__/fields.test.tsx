import { zodResolver } from '@hookform/resolvers/zod'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Button } from '../button'
import { CheckboxField } from '../checkbox-field'
import { DateField } from '../date-field'
import { Form } from '../form'
import { SelectField } from '../select-field'
import { TextAreaField } from '../text-area-field'
import { TextField } from '../text-field'

const schema = z.object({
  email: z.email({ message: 'Enter a valid e-mail address' }),
  phone: z.string().regex(/^0\d{10}$/, { message: 'Enter an 11-digit phone number' }),
  state: z.string().min(1, { message: 'Select a state' }),
  incorporatedOn: z.iso.date({ message: 'Enter the date of incorporation' }),
  about: z.string().max(10, { message: 'At most 10 characters' }),
  terms: z.literal(true, { message: 'Accept the terms to continue' }),
  directors: z.array(z.object({ name: z.string().min(2, { message: 'Enter the director’s name' }) })),
})
type Values = z.input<typeof schema>

function Harness({
  onSubmit = () => {},
  serverError,
}: {
  onSubmit?: (v: z.output<typeof schema>) => void
  serverError?: string
}) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: '',
      phone: '',
      state: '',
      incorporatedOn: '',
      about: '',
      terms: false as unknown as true,
      directors: [{ name: '' }],
    },
  })
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        if (serverError) form.setError('root.server', { message: serverError })
        else onSubmit(values)
      }}
      aria-label="Business details"
    >
      <TextField<Values> name="email" type="email" label="E-mail address" hint="We send the approval here." required />
      <TextField<Values> name="phone" type="tel" label="Phone number" prefix="+234" />
      <SelectField<Values>
        name="state"
        label="State"
        placeholder="Select a state"
        options={[
          { value: 'LA', label: 'Lagos' },
          { value: 'FC', label: 'Federal Capital Territory' },
        ]}
        required
      />
      <DateField<Values> name="incorporatedOn" label="Date of incorporation" max="2030-01-01" />
      <TextAreaField<Values> name="about" label="About the business" />
      <CheckboxField<Values> name="terms" label="I accept the terms" required />
      <TextField<Values> name="directors.0.name" label="Director’s name" />
      <Button type="submit">Save</Button>
    </Form>
  )
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  })
}

describe('form fields', () => {
  it('render a visible label, the hint and the required marker, without errors at first', () => {
    render(<Harness />)
    const email = screen.getByLabelText(/E-mail address/)
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveAttribute('aria-required', 'true')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(email).toHaveAccessibleDescription('We send the approval here.')
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveDisplayValue('Select a state')
    expect(screen.getByLabelText('Date of incorporation')).toHaveAttribute('type', 'date')
    expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).not.toBeChecked()
    expect(screen.getByRole('form', { name: 'Business details' })).toHaveAttribute('novalidate')
  })

  it('show each error, mark the control invalid and describe it by the error', async () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    fireEvent.change(screen.getByRole('textbox', { name: /About the business/ }), { target: { value: 'far too long a text' } })
    await submit()
    expect(onSubmit).not.toHaveBeenCalled()

    const cases: [HTMLElement, string][] = [
      [screen.getByLabelText(/E-mail address/), 'Enter a valid e-mail address'],
      [screen.getByLabelText('Phone number'), 'Enter an 11-digit phone number'],
      [screen.getByRole('combobox', { name: /State/ }), 'Select a state'],
      [screen.getByLabelText('Date of incorporation'), 'Enter the date of incorporation'],
      [screen.getByRole('textbox', { name: /About the business/ }), 'At most 10 characters'],
      [screen.getByRole('checkbox', { name: /I accept the terms/ }), 'Accept the terms to continue'],
      [screen.getByLabelText('Director’s name'), 'Enter the director’s name'],
    ]
    for (const [control, message] of cases) {
      expect(control).toHaveAttribute('aria-invalid', 'true')
      expect(control).toHaveAccessibleDescription(expect.stringContaining(message))
      const errorId = control
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error'))
      expect(errorId && document.getElementById(errorId)).toHaveTextContent(message)
    }
    // The hint stays in the description, before the error.
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(
      'We send the approval here. Error: Enter a valid e-mail address',
    )
    // react-hook-form focuses the first invalid field.
    expect(screen.getByLabelText(/E-mail address/)).toHaveFocus()
  })

  it('clear the error once the value is fixed and submit the parsed values', async () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    await submit()
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '08031234567' } })
    fireEvent.change(screen.getByRole('combobox', { name: /State/ }), { target: { value: 'LA' } })
    fireEvent.change(screen.getByLabelText('Date of incorporation'), { target: { value: '2020-05-04' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }))
    fireEvent.change(screen.getByLabelText('Director’s name'), { target: { value: 'Ada Obi' } })
    await waitFor(() => expect(screen.getByLabelText(/E-mail address/)).not.toHaveAttribute('aria-invalid'))
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription('We send the approval here.')
    await submit()
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ada@example.com',
        state: 'LA',
        incorporatedOn: '2020-05-04',
        terms: true,
        directors: [{ name: 'Ada Obi' }],
      }),
    )
  })

  it('show form-level (root) errors in an alert', async () => {
    render(<Harness serverError="This RC number is already registered" />)
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '08031234567' } })
    fireEvent.change(screen.getByRole('combobox', { name: /State/ }), { target: { value: 'LA' } })
    fireEvent.change(screen.getByLabelText('Date of incorporation'), { target: { value: '2020-05-04' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }))
    fireEvent.change(screen.getByLabelText('Director’s name'), { target: { value: 'Ada Obi' } })
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('This RC number is already registered')
  })

  it('let a password be shown and hidden again', () => {
    function PasswordHarness() {
      const form = useForm({ defaultValues: { password: '' } })
      return (
        <Form form={form}>
          <TextField name="password" type="password" label="Password" autoComplete="new-password" />
        </Form>
      )
    }
    render(<PasswordHarness />)
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('type', 'password')
    expect(input).toHaveAttribute('autocomplete', 'new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(input).toHaveAttribute('type', 'password')
  })
})

describe('SelectField with options that arrive later', () => {
  function Saved({ options }: { options: { value: string; label: string }[] }) {
    const form = useForm<{ categoryId: string }>({ defaultValues: { categoryId: 'c2' } })
    return (
      <Form form={form} onSubmit={() => {}}>
        <SelectField name="categoryId" label="Category" placeholder="Select a category" options={options} />
      </Form>
    )
  }

  it('shows the saved value once its options are loaded, not the placeholder', () => {
    const { rerender } = render(<Saved options={[]} />)
    rerender(
      <Saved
        options={[
          { value: 'c1', label: 'Payments' },
          { value: 'c2', label: 'Lending' },
        ]}
      />,
    )
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('c2')
    expect(screen.getByRole('option', { name: 'Lending' })).toHaveProperty('selected', true)
  })
})
