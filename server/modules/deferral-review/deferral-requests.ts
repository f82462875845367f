import type { DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import { assertStaffWithAny } from '@/server/http/access'
import type { RequestArgs } from '@/server/modules/authorizations/request-authorization'
import { requestChange } from '@/server/modules/authorizations/request-authorization'
import { DEFERRAL_CONFIGURE, validateDeferrableMapping } from './deferral-configuration'
import {
  currentMappingSnapshot,
  currentMaxDaysSnapshot,
  DEFERRABLE_MAPPING_TARGET,
  DEFERRAL_MAX_DAYS_TARGET,
} from './deferral-kinds'

/**
 * The four-eyes side of the deferral settings (FOUR_EYES_CONFIG on, docs/domain.md#authorizations): checked as the
 * direct call checks them, then recorded as a PENDING authorization (202); nothing changes until a checker approves.
 */
export async function requestMaxDeferralDays(options: RequestArgs<{ days: number }>) {
  assertStaffWithAny(options.actor, DEFERRAL_CONFIGURE)
  return requestChange(options, {
    type: 'DEFERRAL_MAX_DAYS',
    resource: 'setting',
    resourceId: null,
    targetKey: DEFERRAL_MAX_DAYS_TARGET,
    target: 'Most days a deferral may ask for',
    proposal: { days: options.input.days },
    before: await currentMaxDaysSnapshot(options.db),
  })
}

export async function requestDeferrableMapping(options: RequestArgs<DeferrableMappingInput>) {
  assertStaffWithAny(options.actor, DEFERRAL_CONFIGURE)
  await validateDeferrableMapping(options.db, options.input)
  return requestChange(options, {
    type: 'DEFERRABLE_MAPPING',
    resource: 'deferrable_mapping',
    resourceId: null,
    targetKey: DEFERRABLE_MAPPING_TARGET,
    target: 'Deferrable documents mapping',
    proposal: { items: options.input.items },
    before: await currentMappingSnapshot(options.db),
  })
}
