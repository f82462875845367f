import { deflateSync } from 'node:zlib'

/** Printable ASCII only, with PDF string delimiters escaped. */
const pdfText = (text: string) =>
  text
    .replace(/[–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`)

/**
 * A small, valid one-page PDF (A4, Helvetica) showing the given lines: real bytes for demo documents and tests, so
 * content sniffing and PDF viewers accept it. Offsets in the cross-reference table are computed, not guessed.
 */
export function samplePdf(lines: readonly string[]): Uint8Array {
  const content = ['BT', '/F1 16 Tf', '72 770 Td', '22 TL', ...lines.map((l, i) => `${i === 0 ? '' : 'T* '}(${pdfText(l)}) Tj`), 'ET'].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A small, valid RGB PNG: a card in `rgb` with a darker band, like a scanned certificate's thumbnail. */
export function samplePng(rgb: readonly [number, number, number], width = 120, height = 80): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    rows.push(0) // filter: none
    const band = y > height * 0.2 && y < height * 0.35
    for (let x = 0; x < width; x++) {
      const edge = x < 3 || y < 3 || x >= width - 3 || y >= height - 3
      const shade = edge || band ? 0.55 : 1
      rows.push(Math.round(rgb[0] * shade), Math.round(rgb[1] * shade), Math.round(rgb[2] * shade))
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(
    Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.from(rows))), pngChunk('IEND', new Uint8Array(0))]),
  )
}
