export { formatDay, formatDayTime } from '@/lib/format/day'
