import { CodSettingsPage } from '@/features/cod/components/CodSettingsPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('settings');
  return <CodSettingsPage />;
}
