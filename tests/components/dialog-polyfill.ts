import { afterAll, beforeAll } from 'vitest'

/** jsdom has HTMLDialogElement but not showModal()/close(): a minimal polyfill for the tests of a file. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
  const original = { showModal: proto.showModal, close: proto.close }
  beforeAll(() => {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open')
      this.dispatchEvent(new Event('close'))
    }
  })
  afterAll(() => {
    proto.showModal = original.showModal
    proto.close = original.close
  })
}
