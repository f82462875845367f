import { useState } from 'react'

/**
 * A list's page kept in the component (a panel inside a page, where the URL belongs to the page): the page for the
 * query, and the props DataTable takes to move through it. A new page size starts again at page 1.
 */
export function useLocalPaging(initialPageSize = 10) {
  const [pageNumber, setPageNumber] = useState(1)
  const [pageSize, setPageSize] = useState(initialPageSize)
  return {
    page: { pageNumber, pageSize },
    /** Back to the first page (a filter changed). */
    restart: () => setPageNumber(1),
    tableProps: {
      pageNumber,
      pageSize,
      onPageChange: setPageNumber,
      onPageSizeChange: (size: number) => {
        setPageSize(size)
        setPageNumber(1)
      },
    },
  }
}
