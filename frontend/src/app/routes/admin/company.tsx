import { useQueryClient } from '@tanstack/react-query';
import { CompanyPage } from '@/features/admin-company/components/CompanyForm';
import { companyQuery } from '@/lib/company';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('company');
  const qc = useQueryClient();
  return (
    <CompanyPage
      onSaved={(saved) => {
        // The storefront (top bar, footer, terms page, brand) shows the new details at once.
        if (saved) qc.setQueryData(companyQuery().queryKey, saved);
        void qc.invalidateQueries({ queryKey: companyQuery().queryKey });
      }}
    />
  );
}
