import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { notify } from '@/lib/notify';
import { useAddresses } from '../api';
import { ADDRESS_MESSAGES, useAddressMutations } from '../api/mutations';
import type { Address } from '../types';
import { formatMobile } from '@/lib/india';
import { formatAddress } from '@/lib/address';
import { AddressForm } from './AddressForm';

type Mode = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; address: Address };

/** Account page: list of addresses, add mode or edit mode, delete after confirmation. */
export function AddressBook() {
  const { data: addresses = [], isLoading } = useAddresses();
  const { save, remove } = useAddressMutations('account');
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [toDelete, setToDelete] = useState<Address | null>(null);

  if (isLoading) return <PageLoader label="Loading addresses" />;

  function askDelete(a: Address) {
    if (a.isDefault) {
      notify.error(ADDRESS_MESSAGES.defaultNotDeletable);
      return;
    }
    setToDelete(a);
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          My Addresses
        </Typography>
        {mode.kind === 'none' && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setMode({ kind: 'add' })}>
            Add New Address
          </Button>
        )}
      </Box>
      {mode.kind !== 'none' && (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {mode.kind === 'add' ? 'Add Address' : 'Edit Address'}
            </Typography>
            <AddressForm
              key={mode.kind === 'edit' ? mode.address.id : 'new'}
              initial={mode.kind === 'edit' ? mode.address : null}
              submitLabel={mode.kind === 'add' ? 'Add Address' : 'Save'}
              busy={save.isPending}
              saveError={save.error}
              onCancel={() => setMode({ kind: 'none' })}
              onSubmit={(input) =>
                save.mutate(
                  { id: mode.kind === 'edit' ? mode.address.id : null, input },
                  { onSuccess: () => setMode({ kind: 'none' }) },
                )
              }
            />
          </CardContent>
        </Card>
      )}
      {addresses.length === 0 && mode.kind === 'none' ? (
        <EmptyState title="No addresses yet" text="Add an address to speed up checkout." />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {addresses.map((a) => (
            <Card key={a.id} variant="outlined" component="section" aria-label={`Address ${formatAddress(a)}`}>
              <CardContent>
                {a.isDefault && <Chip label="Default" size="small" color="primary" sx={{ mb: 1 }} />}
                {a.fullName && <Typography fontWeight={600}>{a.fullName}</Typography>}
                <Typography>{a.addressLine1}</Typography>
                {a.addressLine2 && <Typography>{a.addressLine2}</Typography>}
                {a.landmark && <Typography>Landmark: {a.landmark}</Typography>}
                <Typography color="text.secondary">
                  {a.city}, {a.state} {a.postalCode}
                </Typography>
                {a.phone ? (
                  <Typography color="text.secondary">Phone: {formatMobile(a.phone)}</Typography>
                ) : (
                  <Typography color="warning.main">Add the recipient&apos;s mobile number before ordering to this address.</Typography>
                )}
              </CardContent>
              <CardActions>
                <Button size="small" onClick={() => setMode({ kind: 'edit', address: a })}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => askDelete(a)}>
                  Delete
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete address?"
        text={toDelete ? `Delete the address ${formatAddress(toDelete)}?` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </Box>
  );
}
