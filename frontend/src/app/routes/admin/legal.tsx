import { useQueryClient } from '@tanstack/react-query';
import { LegalPagesEditor } from '@/features/admin-company/components/LegalPagesEditor';
import { legalPagesQuery } from '@/features/content/api';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('legal');
  const qc = useQueryClient();
  // The storefront's privacy and terms pages show the saved text at once.
  return <LegalPagesEditor onSaved={() => void qc.invalidateQueries({ queryKey: legalPagesQuery().queryKey })} />;
}
