import { PreferencesPage } from '@/features/account/components/preferences-page'

export default function UserProfilePreferencePage() {
  return <PreferencesPage />
}
