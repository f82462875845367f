export type {
  Consultant,
  GovernmentDocument,
  GovernmentEntity,
  GovernmentEntityDetails,
  GovernmentEntityListFilters,
  GovernmentKycType,
  GovernmentProduct,
  Parastatal,
  PaymentChannel,
  Representative,
  RepresentativeKyc,
} from '@/lib/contracts/government'
export type { Page } from '@/lib/contracts/pagination'
