import { CodSettingsPage } from '@/features/cod/components/CodSettingsPage';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Settings');
  return <CodSettingsPage />;
}
