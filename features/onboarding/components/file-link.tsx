import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toasts'
import { formatBytes } from '@/lib/contracts/file-types'
import { describeError } from '@/lib/http/errors'
import { openFile } from '../model/open-file'

/** An uploaded file: its name opens it in a new tab (fetched with the user's token), with its size. */
export function FileLink({ file }: { file: { id: string; fileName: string; sizeBytes: number } }) {
  return (
    <span>
      <Button
        variant="link"
        size="sm"
        aria-label={`Open ${file.fileName}`}
        onClick={() =>
          void openFile(file).catch((error: unknown) =>
            notify(describeError(error, 'The file could not be opened.'), { type: 'error' }),
          )
        }
      >
        {file.fileName}
      </Button>{' '}
      ({formatBytes(file.sizeBytes)})
    </span>
  )
}
