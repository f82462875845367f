import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { clientOnly } from '@/components/layouts/client-only'

function Panel({ name }: { name: string }) {
  return <p>Panel for {name}</p>
}

/** A load the test resolves when it wants, counting calls. */
function controlledLoad() {
  let resolve!: (component: typeof Panel) => void
  const load = vi.fn(() => new Promise<typeof Panel>((r) => (resolve = r)))
  return { load, resolve: (component: typeof Panel) => resolve(component) }
}

describe('clientOnly (components/layouts/client-only.tsx)', () => {
  it('renders the placeholder on the server and loads nothing there', () => {
    const { load } = controlledLoad()
    const Lazy = clientOnly(load, () => <p>Loading the panel</p>)
    expect(renderToString(<Lazy name="Ada" />)).toContain('Loading the panel')
    expect(load).not.toHaveBeenCalled()
  })

  it('shows the placeholder until the chunk arrives, then the component with its props', async () => {
    const { load, resolve } = controlledLoad()
    const Lazy = clientOnly(load, () => <p>Loading the panel</p>)
    render(<Lazy name="Ada" />)
    expect(screen.getByText('Loading the panel')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
    await act(async () => resolve(Panel))
    expect(screen.getByText('Panel for Ada')).toBeTruthy()
    expect(screen.queryByText('Loading the panel')).toBeNull()
  })

  it('hydrates the server placeholder even when the chunk is already loaded, then shows the component', async () => {
    const Lazy = clientOnly(
      async () => Panel,
      () => <p>Loading the panel</p>,
    )
    await Lazy.preload()
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Lazy name="Ada" />)
    document.body.append(container)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await act(async () => {
      hydrateRoot(container, <Lazy name="Ada" />, { onRecoverableError: (error) => console.error(error) })
    })
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    expect(container.textContent).toBe('Panel for Ada')
    container.remove()
  })

  it('loads once for every instance and preload, and renders a later mount at once', async () => {
    const { load, resolve } = controlledLoad()
    const Lazy = clientOnly(load)
    const first = render(<Lazy name="Ada" />)
    void Lazy.preload()
    await act(async () => resolve(Panel))
    expect(load).toHaveBeenCalledTimes(1)
    first.unmount()
    render(<Lazy name="Grace" />)
    expect(screen.getByText('Panel for Grace')).toBeTruthy()
  })

  it('tries again on the next mount when the chunk failed to load', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Panel)
    const Lazy = clientOnly(load, () => <p>Loading the panel</p>)
    const first = render(<Lazy name="Ada" />)
    await act(async () => undefined)
    expect(screen.getByText('Loading the panel')).toBeTruthy()
    first.unmount()
    render(<Lazy name="Ada" />)
    await act(async () => undefined)
    expect(screen.getByText('Panel for Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
