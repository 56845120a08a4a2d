import { useParams } from 'react-router';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { PackingSlip } from '@/features/admin-orders/components/PackingSlip';
import { useCompanyDetails } from '@/lib/company';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('packingSlip');
  const { id = '' } = useParams();
  const company = useCompanyDetails().data;
  return (
    <>
      <AdminPageHeader title="Packing slip" subtitle="Print it and put it in the parcel." />
      <PackingSlip orderId={id} company={company} />
    </>
  );
}
